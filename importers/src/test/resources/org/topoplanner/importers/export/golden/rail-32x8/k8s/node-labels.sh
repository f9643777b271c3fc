#!/bin/sh
set -eu
# TopoPlanner node labels for cluster rail-32x8
# topoplanner.org/tier-N is the switch at fabric tier N above the node (tier-1 is the leaf).
kubectl label node node001 --overwrite topoplanner.org/cluster=rail-32x8 topoplanner.org/tier-1=su1 topoplanner.org/tier-2=spine01
kubectl label node node002 --overwrite topoplanner.org/cluster=rail-32x8 topoplanner.org/tier-1=su1 topoplanner.org/tier-2=spine01
kubectl label node node003 --overwrite topoplanner.org/cluster=rail-32x8 topoplanner.org/tier-1=su1 topoplanner.org/tier-2=spine01
kubectl label node node004 --overwrite topoplanner.org/cluster=rail-32x8 topoplanner.org/tier-1=su1 topoplanner.org/tier-2=spine01
kubectl label node node005 --overwrite topoplanner.org/cluster=rail-32x8 topoplanner.org/tier-1=su1 topoplanner.org/tier-2=spine01
kubectl label node node006 --overwrite topoplanner.org/cluster=rail-32x8 topoplanner.org/tier-1=su1 topoplanner.org/tier-2=spine01
kubectl label node node007 --overwrite topoplanner.org/cluster=rail-32x8 topoplanner.org/tier-1=su1 topoplanner.org/tier-2=spine01
kubectl label node node008 --overwrite topoplanner.org/cluster=rail-32x8 topoplanner.org/tier-1=su1 topoplanner.org/tier-2=spine01
kubectl label node node009 --overwrite topoplanner.org/cluster=rail-32x8 topoplanner.org/tier-1=su1 topoplanner.org/tier-2=spine01
kubectl label node node010 --overwrite topoplanner.org/cluster=rail-32x8 topoplanner.org/tier-1=su1 topoplanner.org/tier-2=spine01
kubectl label node node011 --overwrite topoplanner.org/cluster=rail-32x8 topoplanner.org/tier-1=su1 topoplanner.org/tier-2=spine01
kubectl label node node012 --overwrite topoplanner.org/cluster=rail-32x8 topoplanner.org/tier-1=su1 topoplanner.org/tier-2=spine01
kubectl label node node013 --overwrite topoplanner.org/cluster=rail-32x8 topoplanner.org/tier-1=su1 topoplanner.org/tier-2=spine01
kubectl label node node014 --overwrite topoplanner.org/cluster=rail-32x8 topoplanner.org/tier-1=su1 topoplanner.org/tier-2=spine01
kubectl label node node015 --overwrite topoplanner.org/cluster=rail-32x8 topoplanner.org/tier-1=su1 topoplanner.org/tier-2=spine01
kubectl label node node016 --overwrite topoplanner.org/cluster=rail-32x8 topoplanner.org/tier-1=su1 topoplanner.org/tier-2=spine01
kubectl label node node017 --overwrite topoplanner.org/cluster=rail-32x8 topoplanner.org/tier-1=su1 topoplanner.org/tier-2=spine01
kubectl label node node018 --overwrite topoplanner.org/cluster=rail-32x8 topoplanner.org/tier-1=su1 topoplanner.org/tier-2=spine01
kubectl label node node019 --overwrite topoplanner.org/cluster=rail-32x8 topoplanner.org/tier-1=su1 topoplanner.org/tier-2=spine01
kubectl label node node020 --overwrite topoplanner.org/cluster=rail-32x8 topoplanner.org/tier-1=su1 topoplanner.org/tier-2=spine01
kubectl label node node021 --overwrite topoplanner.org/cluster=rail-32x8 topoplanner.org/tier-1=su1 topoplanner.org/tier-2=spine01
kubectl label node node022 --overwrite topoplanner.org/cluster=rail-32x8 topoplanner.org/tier-1=su1 topoplanner.org/tier-2=spine01
kubectl label node node023 --overwrite topoplanner.org/cluster=rail-32x8 topoplanner.org/tier-1=su1 topoplanner.org/tier-2=spine01
kubectl label node node024 --overwrite topoplanner.org/cluster=rail-32x8 topoplanner.org/tier-1=su1 topoplanner.org/tier-2=spine01
kubectl label node node025 --overwrite topoplanner.org/cluster=rail-32x8 topoplanner.org/tier-1=su1 topoplanner.org/tier-2=spine01
kubectl label node node026 --overwrite topoplanner.org/cluster=rail-32x8 topoplanner.org/tier-1=su1 topoplanner.org/tier-2=spine01
kubectl label node node027 --overwrite topoplanner.org/cluster=rail-32x8 topoplanner.org/tier-1=su1 topoplanner.org/tier-2=spine01
kubectl label node node028 --overwrite topoplanner.org/cluster=rail-32x8 topoplanner.org/tier-1=su1 topoplanner.org/tier-2=spine01
kubectl label node node029 --overwrite topoplanner.org/cluster=rail-32x8 topoplanner.org/tier-1=su1 topoplanner.org/tier-2=spine01
kubectl label node node030 --overwrite topoplanner.org/cluster=rail-32x8 topoplanner.org/tier-1=su1 topoplanner.org/tier-2=spine01
kubectl label node node031 --overwrite topoplanner.org/cluster=rail-32x8 topoplanner.org/tier-1=su1 topoplanner.org/tier-2=spine01
kubectl label node node032 --overwrite topoplanner.org/cluster=rail-32x8 topoplanner.org/tier-1=su1 topoplanner.org/tier-2=spine01
