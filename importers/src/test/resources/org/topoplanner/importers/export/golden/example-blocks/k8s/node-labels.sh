#!/bin/sh
set -eu
# TopoPlanner node labels for cluster example-blocks
# topoplanner.org/tier-N is the switch at fabric tier N above the node (tier-1 is the leaf).
kubectl label node node01 --overwrite topoplanner.org/cluster=example-blocks topoplanner.org/tier-1=leaf1 topoplanner.org/tier-2=spine1 topoplanner.org/tier-3=core topoplanner.org/block=b1
kubectl label node node02 --overwrite topoplanner.org/cluster=example-blocks topoplanner.org/tier-1=leaf1 topoplanner.org/tier-2=spine1 topoplanner.org/tier-3=core topoplanner.org/block=b1
kubectl label node node03 --overwrite topoplanner.org/cluster=example-blocks topoplanner.org/tier-1=leaf1 topoplanner.org/tier-2=spine1 topoplanner.org/tier-3=core topoplanner.org/block=b1
kubectl label node node04 --overwrite topoplanner.org/cluster=example-blocks topoplanner.org/tier-1=leaf1 topoplanner.org/tier-2=spine1 topoplanner.org/tier-3=core topoplanner.org/block=b1
kubectl label node node05 --overwrite topoplanner.org/cluster=example-blocks topoplanner.org/tier-1=leaf1 topoplanner.org/tier-2=spine1 topoplanner.org/tier-3=core topoplanner.org/block=b2
kubectl label node node06 --overwrite topoplanner.org/cluster=example-blocks topoplanner.org/tier-1=leaf1 topoplanner.org/tier-2=spine1 topoplanner.org/tier-3=core topoplanner.org/block=b2
kubectl label node node07 --overwrite topoplanner.org/cluster=example-blocks topoplanner.org/tier-1=leaf1 topoplanner.org/tier-2=spine1 topoplanner.org/tier-3=core topoplanner.org/block=b2
kubectl label node node08 --overwrite topoplanner.org/cluster=example-blocks topoplanner.org/tier-1=leaf1 topoplanner.org/tier-2=spine1 topoplanner.org/tier-3=core topoplanner.org/block=b2
kubectl label node node09 --overwrite topoplanner.org/cluster=example-blocks topoplanner.org/tier-1=leaf2 topoplanner.org/tier-2=spine1 topoplanner.org/tier-3=core topoplanner.org/block=b3
kubectl label node node10 --overwrite topoplanner.org/cluster=example-blocks topoplanner.org/tier-1=leaf2 topoplanner.org/tier-2=spine1 topoplanner.org/tier-3=core topoplanner.org/block=b3
kubectl label node node11 --overwrite topoplanner.org/cluster=example-blocks topoplanner.org/tier-1=leaf2 topoplanner.org/tier-2=spine1 topoplanner.org/tier-3=core topoplanner.org/block=b3
kubectl label node node12 --overwrite topoplanner.org/cluster=example-blocks topoplanner.org/tier-1=leaf2 topoplanner.org/tier-2=spine1 topoplanner.org/tier-3=core topoplanner.org/block=b3
kubectl label node node13 --overwrite topoplanner.org/cluster=example-blocks topoplanner.org/tier-1=leaf2 topoplanner.org/tier-2=spine1 topoplanner.org/tier-3=core topoplanner.org/block=b4
kubectl label node node14 --overwrite topoplanner.org/cluster=example-blocks topoplanner.org/tier-1=leaf2 topoplanner.org/tier-2=spine1 topoplanner.org/tier-3=core topoplanner.org/block=b4
kubectl label node node15 --overwrite topoplanner.org/cluster=example-blocks topoplanner.org/tier-1=leaf2 topoplanner.org/tier-2=spine1 topoplanner.org/tier-3=core topoplanner.org/block=b4
kubectl label node node16 --overwrite topoplanner.org/cluster=example-blocks topoplanner.org/tier-1=leaf2 topoplanner.org/tier-2=spine1 topoplanner.org/tier-3=core topoplanner.org/block=b4
kubectl label node node17 --overwrite topoplanner.org/cluster=example-blocks topoplanner.org/tier-1=leaf3 topoplanner.org/tier-2=spine2 topoplanner.org/tier-3=core topoplanner.org/block=b5
kubectl label node node18 --overwrite topoplanner.org/cluster=example-blocks topoplanner.org/tier-1=leaf3 topoplanner.org/tier-2=spine2 topoplanner.org/tier-3=core topoplanner.org/block=b5
kubectl label node node19 --overwrite topoplanner.org/cluster=example-blocks topoplanner.org/tier-1=leaf3 topoplanner.org/tier-2=spine2 topoplanner.org/tier-3=core topoplanner.org/block=b5
kubectl label node node20 --overwrite topoplanner.org/cluster=example-blocks topoplanner.org/tier-1=leaf3 topoplanner.org/tier-2=spine2 topoplanner.org/tier-3=core topoplanner.org/block=b5
kubectl label node node21 --overwrite topoplanner.org/cluster=example-blocks topoplanner.org/tier-1=leaf3 topoplanner.org/tier-2=spine2 topoplanner.org/tier-3=core topoplanner.org/block=b6
kubectl label node node22 --overwrite topoplanner.org/cluster=example-blocks topoplanner.org/tier-1=leaf3 topoplanner.org/tier-2=spine2 topoplanner.org/tier-3=core topoplanner.org/block=b6
kubectl label node node23 --overwrite topoplanner.org/cluster=example-blocks topoplanner.org/tier-1=leaf3 topoplanner.org/tier-2=spine2 topoplanner.org/tier-3=core topoplanner.org/block=b6
kubectl label node node24 --overwrite topoplanner.org/cluster=example-blocks topoplanner.org/tier-1=leaf3 topoplanner.org/tier-2=spine2 topoplanner.org/tier-3=core topoplanner.org/block=b6
kubectl label node node25 --overwrite topoplanner.org/cluster=example-blocks topoplanner.org/tier-1=leaf4 topoplanner.org/tier-2=spine2 topoplanner.org/tier-3=core topoplanner.org/block=b7
kubectl label node node26 --overwrite topoplanner.org/cluster=example-blocks topoplanner.org/tier-1=leaf4 topoplanner.org/tier-2=spine2 topoplanner.org/tier-3=core topoplanner.org/block=b7
kubectl label node node27 --overwrite topoplanner.org/cluster=example-blocks topoplanner.org/tier-1=leaf4 topoplanner.org/tier-2=spine2 topoplanner.org/tier-3=core topoplanner.org/block=b7
kubectl label node node28 --overwrite topoplanner.org/cluster=example-blocks topoplanner.org/tier-1=leaf4 topoplanner.org/tier-2=spine2 topoplanner.org/tier-3=core topoplanner.org/block=b7
kubectl label node node29 --overwrite topoplanner.org/cluster=example-blocks topoplanner.org/tier-1=leaf4 topoplanner.org/tier-2=spine2 topoplanner.org/tier-3=core topoplanner.org/block=b8
kubectl label node node30 --overwrite topoplanner.org/cluster=example-blocks topoplanner.org/tier-1=leaf4 topoplanner.org/tier-2=spine2 topoplanner.org/tier-3=core topoplanner.org/block=b8
kubectl label node node31 --overwrite topoplanner.org/cluster=example-blocks topoplanner.org/tier-1=leaf4 topoplanner.org/tier-2=spine2 topoplanner.org/tier-3=core topoplanner.org/block=b8
kubectl label node node32 --overwrite topoplanner.org/cluster=example-blocks topoplanner.org/tier-1=leaf4 topoplanner.org/tier-2=spine2 topoplanner.org/tier-3=core topoplanner.org/block=b8
