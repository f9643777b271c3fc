#!/bin/sh
set -eu
# TopoPlanner node labels for cluster rail-32x8
# topology.topoplanner.io/tier-N is the switch at fabric tier N above the node (tier-1 is the leaf).
kubectl label node node001 --overwrite topology.topoplanner.io/cluster=rail-32x8 topology.topoplanner.io/tier-1=su1 topology.topoplanner.io/tier-2=spine01
kubectl label node node002 --overwrite topology.topoplanner.io/cluster=rail-32x8 topology.topoplanner.io/tier-1=su1 topology.topoplanner.io/tier-2=spine01
kubectl label node node003 --overwrite topology.topoplanner.io/cluster=rail-32x8 topology.topoplanner.io/tier-1=su1 topology.topoplanner.io/tier-2=spine01
kubectl label node node004 --overwrite topology.topoplanner.io/cluster=rail-32x8 topology.topoplanner.io/tier-1=su1 topology.topoplanner.io/tier-2=spine01
kubectl label node node005 --overwrite topology.topoplanner.io/cluster=rail-32x8 topology.topoplanner.io/tier-1=su1 topology.topoplanner.io/tier-2=spine01
kubectl label node node006 --overwrite topology.topoplanner.io/cluster=rail-32x8 topology.topoplanner.io/tier-1=su1 topology.topoplanner.io/tier-2=spine01
kubectl label node node007 --overwrite topology.topoplanner.io/cluster=rail-32x8 topology.topoplanner.io/tier-1=su1 topology.topoplanner.io/tier-2=spine01
kubectl label node node008 --overwrite topology.topoplanner.io/cluster=rail-32x8 topology.topoplanner.io/tier-1=su1 topology.topoplanner.io/tier-2=spine01
kubectl label node node009 --overwrite topology.topoplanner.io/cluster=rail-32x8 topology.topoplanner.io/tier-1=su1 topology.topoplanner.io/tier-2=spine01
kubectl label node node010 --overwrite topology.topoplanner.io/cluster=rail-32x8 topology.topoplanner.io/tier-1=su1 topology.topoplanner.io/tier-2=spine01
kubectl label node node011 --overwrite topology.topoplanner.io/cluster=rail-32x8 topology.topoplanner.io/tier-1=su1 topology.topoplanner.io/tier-2=spine01
kubectl label node node012 --overwrite topology.topoplanner.io/cluster=rail-32x8 topology.topoplanner.io/tier-1=su1 topology.topoplanner.io/tier-2=spine01
kubectl label node node013 --overwrite topology.topoplanner.io/cluster=rail-32x8 topology.topoplanner.io/tier-1=su1 topology.topoplanner.io/tier-2=spine01
kubectl label node node014 --overwrite topology.topoplanner.io/cluster=rail-32x8 topology.topoplanner.io/tier-1=su1 topology.topoplanner.io/tier-2=spine01
kubectl label node node015 --overwrite topology.topoplanner.io/cluster=rail-32x8 topology.topoplanner.io/tier-1=su1 topology.topoplanner.io/tier-2=spine01
kubectl label node node016 --overwrite topology.topoplanner.io/cluster=rail-32x8 topology.topoplanner.io/tier-1=su1 topology.topoplanner.io/tier-2=spine01
kubectl label node node017 --overwrite topology.topoplanner.io/cluster=rail-32x8 topology.topoplanner.io/tier-1=su1 topology.topoplanner.io/tier-2=spine01
kubectl label node node018 --overwrite topology.topoplanner.io/cluster=rail-32x8 topology.topoplanner.io/tier-1=su1 topology.topoplanner.io/tier-2=spine01
kubectl label node node019 --overwrite topology.topoplanner.io/cluster=rail-32x8 topology.topoplanner.io/tier-1=su1 topology.topoplanner.io/tier-2=spine01
kubectl label node node020 --overwrite topology.topoplanner.io/cluster=rail-32x8 topology.topoplanner.io/tier-1=su1 topology.topoplanner.io/tier-2=spine01
kubectl label node node021 --overwrite topology.topoplanner.io/cluster=rail-32x8 topology.topoplanner.io/tier-1=su1 topology.topoplanner.io/tier-2=spine01
kubectl label node node022 --overwrite topology.topoplanner.io/cluster=rail-32x8 topology.topoplanner.io/tier-1=su1 topology.topoplanner.io/tier-2=spine01
kubectl label node node023 --overwrite topology.topoplanner.io/cluster=rail-32x8 topology.topoplanner.io/tier-1=su1 topology.topoplanner.io/tier-2=spine01
kubectl label node node024 --overwrite topology.topoplanner.io/cluster=rail-32x8 topology.topoplanner.io/tier-1=su1 topology.topoplanner.io/tier-2=spine01
kubectl label node node025 --overwrite topology.topoplanner.io/cluster=rail-32x8 topology.topoplanner.io/tier-1=su1 topology.topoplanner.io/tier-2=spine01
kubectl label node node026 --overwrite topology.topoplanner.io/cluster=rail-32x8 topology.topoplanner.io/tier-1=su1 topology.topoplanner.io/tier-2=spine01
kubectl label node node027 --overwrite topology.topoplanner.io/cluster=rail-32x8 topology.topoplanner.io/tier-1=su1 topology.topoplanner.io/tier-2=spine01
kubectl label node node028 --overwrite topology.topoplanner.io/cluster=rail-32x8 topology.topoplanner.io/tier-1=su1 topology.topoplanner.io/tier-2=spine01
kubectl label node node029 --overwrite topology.topoplanner.io/cluster=rail-32x8 topology.topoplanner.io/tier-1=su1 topology.topoplanner.io/tier-2=spine01
kubectl label node node030 --overwrite topology.topoplanner.io/cluster=rail-32x8 topology.topoplanner.io/tier-1=su1 topology.topoplanner.io/tier-2=spine01
kubectl label node node031 --overwrite topology.topoplanner.io/cluster=rail-32x8 topology.topoplanner.io/tier-1=su1 topology.topoplanner.io/tier-2=spine01
kubectl label node node032 --overwrite topology.topoplanner.io/cluster=rail-32x8 topology.topoplanner.io/tier-1=su1 topology.topoplanner.io/tier-2=spine01
