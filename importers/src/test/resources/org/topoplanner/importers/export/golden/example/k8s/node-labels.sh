#!/bin/sh
set -eu
# TopoPlanner node labels for cluster example
# topology.topoplanner.io/tier-N is the switch at fabric tier N above the node (tier-1 is the leaf).
kubectl label node node01 --overwrite topology.topoplanner.io/cluster=example topology.topoplanner.io/tier-1=leaf1 topology.topoplanner.io/tier-2=spine1 topology.topoplanner.io/tier-3=core
kubectl label node node02 --overwrite topology.topoplanner.io/cluster=example topology.topoplanner.io/tier-1=leaf1 topology.topoplanner.io/tier-2=spine1 topology.topoplanner.io/tier-3=core
kubectl label node node03 --overwrite topology.topoplanner.io/cluster=example topology.topoplanner.io/tier-1=leaf1 topology.topoplanner.io/tier-2=spine1 topology.topoplanner.io/tier-3=core
kubectl label node node04 --overwrite topology.topoplanner.io/cluster=example topology.topoplanner.io/tier-1=leaf1 topology.topoplanner.io/tier-2=spine1 topology.topoplanner.io/tier-3=core
kubectl label node node05 --overwrite topology.topoplanner.io/cluster=example topology.topoplanner.io/tier-1=leaf1 topology.topoplanner.io/tier-2=spine1 topology.topoplanner.io/tier-3=core
kubectl label node node06 --overwrite topology.topoplanner.io/cluster=example topology.topoplanner.io/tier-1=leaf1 topology.topoplanner.io/tier-2=spine1 topology.topoplanner.io/tier-3=core
kubectl label node node07 --overwrite topology.topoplanner.io/cluster=example topology.topoplanner.io/tier-1=leaf1 topology.topoplanner.io/tier-2=spine1 topology.topoplanner.io/tier-3=core
kubectl label node node08 --overwrite topology.topoplanner.io/cluster=example topology.topoplanner.io/tier-1=leaf1 topology.topoplanner.io/tier-2=spine1 topology.topoplanner.io/tier-3=core
kubectl label node node09 --overwrite topology.topoplanner.io/cluster=example topology.topoplanner.io/tier-1=leaf2 topology.topoplanner.io/tier-2=spine1 topology.topoplanner.io/tier-3=core
kubectl label node node10 --overwrite topology.topoplanner.io/cluster=example topology.topoplanner.io/tier-1=leaf2 topology.topoplanner.io/tier-2=spine1 topology.topoplanner.io/tier-3=core
kubectl label node node11 --overwrite topology.topoplanner.io/cluster=example topology.topoplanner.io/tier-1=leaf2 topology.topoplanner.io/tier-2=spine1 topology.topoplanner.io/tier-3=core
kubectl label node node12 --overwrite topology.topoplanner.io/cluster=example topology.topoplanner.io/tier-1=leaf2 topology.topoplanner.io/tier-2=spine1 topology.topoplanner.io/tier-3=core
kubectl label node node13 --overwrite topology.topoplanner.io/cluster=example topology.topoplanner.io/tier-1=leaf2 topology.topoplanner.io/tier-2=spine1 topology.topoplanner.io/tier-3=core
kubectl label node node14 --overwrite topology.topoplanner.io/cluster=example topology.topoplanner.io/tier-1=leaf2 topology.topoplanner.io/tier-2=spine1 topology.topoplanner.io/tier-3=core
kubectl label node node15 --overwrite topology.topoplanner.io/cluster=example topology.topoplanner.io/tier-1=leaf2 topology.topoplanner.io/tier-2=spine1 topology.topoplanner.io/tier-3=core
kubectl label node node16 --overwrite topology.topoplanner.io/cluster=example topology.topoplanner.io/tier-1=leaf2 topology.topoplanner.io/tier-2=spine1 topology.topoplanner.io/tier-3=core
kubectl label node node17 --overwrite topology.topoplanner.io/cluster=example topology.topoplanner.io/tier-1=leaf3 topology.topoplanner.io/tier-2=spine2 topology.topoplanner.io/tier-3=core
kubectl label node node18 --overwrite topology.topoplanner.io/cluster=example topology.topoplanner.io/tier-1=leaf3 topology.topoplanner.io/tier-2=spine2 topology.topoplanner.io/tier-3=core
kubectl label node node19 --overwrite topology.topoplanner.io/cluster=example topology.topoplanner.io/tier-1=leaf3 topology.topoplanner.io/tier-2=spine2 topology.topoplanner.io/tier-3=core
kubectl label node node20 --overwrite topology.topoplanner.io/cluster=example topology.topoplanner.io/tier-1=leaf3 topology.topoplanner.io/tier-2=spine2 topology.topoplanner.io/tier-3=core
kubectl label node node21 --overwrite topology.topoplanner.io/cluster=example topology.topoplanner.io/tier-1=leaf3 topology.topoplanner.io/tier-2=spine2 topology.topoplanner.io/tier-3=core
kubectl label node node22 --overwrite topology.topoplanner.io/cluster=example topology.topoplanner.io/tier-1=leaf3 topology.topoplanner.io/tier-2=spine2 topology.topoplanner.io/tier-3=core
kubectl label node node23 --overwrite topology.topoplanner.io/cluster=example topology.topoplanner.io/tier-1=leaf3 topology.topoplanner.io/tier-2=spine2 topology.topoplanner.io/tier-3=core
kubectl label node node24 --overwrite topology.topoplanner.io/cluster=example topology.topoplanner.io/tier-1=leaf3 topology.topoplanner.io/tier-2=spine2 topology.topoplanner.io/tier-3=core
kubectl label node node25 --overwrite topology.topoplanner.io/cluster=example topology.topoplanner.io/tier-1=leaf4 topology.topoplanner.io/tier-2=spine2 topology.topoplanner.io/tier-3=core
kubectl label node node26 --overwrite topology.topoplanner.io/cluster=example topology.topoplanner.io/tier-1=leaf4 topology.topoplanner.io/tier-2=spine2 topology.topoplanner.io/tier-3=core
kubectl label node node27 --overwrite topology.topoplanner.io/cluster=example topology.topoplanner.io/tier-1=leaf4 topology.topoplanner.io/tier-2=spine2 topology.topoplanner.io/tier-3=core
kubectl label node node28 --overwrite topology.topoplanner.io/cluster=example topology.topoplanner.io/tier-1=leaf4 topology.topoplanner.io/tier-2=spine2 topology.topoplanner.io/tier-3=core
kubectl label node node29 --overwrite topology.topoplanner.io/cluster=example topology.topoplanner.io/tier-1=leaf4 topology.topoplanner.io/tier-2=spine2 topology.topoplanner.io/tier-3=core
kubectl label node node30 --overwrite topology.topoplanner.io/cluster=example topology.topoplanner.io/tier-1=leaf4 topology.topoplanner.io/tier-2=spine2 topology.topoplanner.io/tier-3=core
kubectl label node node31 --overwrite topology.topoplanner.io/cluster=example topology.topoplanner.io/tier-1=leaf4 topology.topoplanner.io/tier-2=spine2 topology.topoplanner.io/tier-3=core
kubectl label node node32 --overwrite topology.topoplanner.io/cluster=example topology.topoplanner.io/tier-1=leaf4 topology.topoplanner.io/tier-2=spine2 topology.topoplanner.io/tier-3=core
