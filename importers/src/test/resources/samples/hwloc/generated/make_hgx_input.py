#!/usr/bin/env python3
"""Writes a hand-made hwloc v2 XML of an HGX-A100-like node (2 sockets x 4 cores x 2 threads, 4 GPUs behind
PCIe switches, 4 ConnectX-6, 2 NVSwitches, NVLinkBandwidth matrix) as INPUT for lstopo, which then
re-exports it (v2 and v1) so that the committed files are what real hwloc writes."""
import sys
gp = [100]
def nid():
    gp[0] += 1
    return gp[0]
out = []
w = out.append
def mask(bits):
    words = {}
    for b in bits:
        words[b // 32] = words.get(b // 32, 0) | (1 << (b % 32))
    top = max(words) if words else 0
    return ",".join("0x%08x" % words.get(i, 0) for i in range(top, -1, -1))
ncores, nthreads, nsock = 4, 2, 2
total = ncores * nsock
allpus = list(range(total * nthreads))
w('<?xml version="1.0" encoding="UTF-8"?>')
w('<!DOCTYPE topology SYSTEM "hwloc2.dtd">')
w('<topology version="2.0">')
w(' <object type="Machine" os_index="0" cpuset="%s" complete_cpuset="%s" nodeset="0x00000003" complete_nodeset="0x00000003" gp_index="1">' % (mask(allpus), mask(allpus)))
w('  <info name="DMIProductName" value="Hand-made HGX-like test node"/>')
w('  <info name="HostName" value="hgx-test-01"/>')
gpu_gp, sw_gp = [], []
bus = [0x10]
gpu_index = [0]
nic_index = [0]
for s in range(nsock):
    pus = [c + t * total for c in range(s * ncores, (s + 1) * ncores) for t in range(nthreads)]
    w('  <object type="Package" os_index="%d" cpuset="%s" complete_cpuset="%s" nodeset="0x%08x" complete_nodeset="0x%08x" gp_index="%d">' % (s, mask(pus), mask(pus), 1 << s, 1 << s, nid()))
    w('   <info name="CPUModel" value="AMD EPYC 7543 32-Core Processor"/>')
    w('   <object type="NUMANode" os_index="%d" cpuset="%s" complete_cpuset="%s" nodeset="0x%08x" complete_nodeset="0x%08x" gp_index="%d" local_memory="%d"/>' % (s, mask(pus), mask(pus), 1 << s, 1 << s, nid(), 64 * 1024**3))
    for c in range(s * ncores, (s + 1) * ncores):
        cp = [c + t * total for t in range(nthreads)]
        w('   <object type="Core" os_index="%d" cpuset="%s" complete_cpuset="%s" nodeset="0x%08x" complete_nodeset="0x%08x" gp_index="%d">' % (c, mask(cp), mask(cp), 1 << s, 1 << s, nid()))
        for p in cp:
            w('    <object type="PU" os_index="%d" cpuset="%s" complete_cpuset="%s" nodeset="0x%08x" complete_nodeset="0x%08x" gp_index="%d"/>' % (p, mask([p]), mask([p]), 1 << s, 1 << s, nid()))
        w('   </object>')
    for hb in range(2):
        b0 = bus[0]; bus[0] += 0x10
        w('   <object type="Bridge" gp_index="%d" bridge_type="0-1" depth="0" bridge_pci="0000:[%02x-%02x]">' % (nid(), b0, b0 + 5))
        w('    <object type="Bridge" gp_index="%d" bridge_type="1-1" depth="1" bridge_pci="0000:[%02x-%02x]" pci_busid="0000:%02x:01.1" pci_type="0604 [1022:1483] [0000:0000] 00 00" pci_link_speed="15.753846">' % (nid(), b0 + 1, b0 + 5, b0))
        w('     <object type="Bridge" gp_index="%d" bridge_type="1-1" depth="2" bridge_pci="0000:[%02x-%02x]" pci_busid="0000:%02x:00.0" pci_type="0604 [1000:c010] [1000:a096] b0 00" pci_link_speed="15.753846">' % (nid(), b0 + 2, b0 + 5, b0 + 1))
        w('      <object type="Bridge" gp_index="%d" bridge_type="1-1" depth="3" bridge_pci="0000:[%02x-%02x]" pci_busid="0000:%02x:00.0" pci_type="0604 [1000:c010] [1000:a096] b0 00" pci_link_speed="15.753846">' % (nid(), b0 + 3, b0 + 3, b0 + 2))
        g = nid(); gpu_gp.append(g)
        w('       <object type="PCIDev" gp_index="%d" pci_busid="0000:%02x:00.0" pci_type="0302 [10de:20b2] [10de:1463] a1 00" pci_link_speed="31.507692">' % (g, b0 + 3))
        w('        <info name="PCIVendor" value="NVIDIA Corporation"/>')
        w('        <info name="PCIDevice" value="GA100 [A100 SXM4 80GB]"/>')
        o = nid(); gpu_gp[-1] = o
        w('        <object type="OSDev" gp_index="%d" name="nvml%d" subtype="NVML" osdev_type="1">' % (o, gpu_index[0]))
        w('         <info name="Backend" value="NVML"/>')
        w('         <info name="GPUVendor" value="NVIDIA Corporation"/>')
        w('         <info name="GPUModel" value="NVIDIA A100-SXM4-80GB"/>')
        w('        </object>')
        w('        <object type="OSDev" gp_index="%d" name="cuda%d" subtype="CUDA" osdev_type="5">' % (nid(), gpu_index[0]))
        w('         <info name="GPUModel" value="NVIDIA A100-SXM4-80GB"/>')
        w('        </object>')
        w('       </object>')
        w('      </object>')
        gpu_index[0] += 1
        w('      <object type="Bridge" gp_index="%d" bridge_type="1-1" depth="3" bridge_pci="0000:[%02x-%02x]" pci_busid="0000:%02x:01.0" pci_type="0604 [1000:c010] [1000:a096] b0 00" pci_link_speed="15.753846">' % (nid(), b0 + 4, b0 + 4, b0 + 2))
        w('       <object type="PCIDev" gp_index="%d" pci_busid="0000:%02x:00.0" pci_type="0207 [15b3:101b] [15b3:0007] 00 00" pci_link_speed="31.507692">' % (nid(), b0 + 4))
        w('        <info name="PCIVendor" value="Mellanox Technologies"/>')
        w('        <info name="PCIDevice" value="MT28908 Family [ConnectX-6]"/>')
        w('        <object type="OSDev" gp_index="%d" name="ib%d" osdev_type="2">' % (nid(), nic_index[0]))
        w('         <info name="Address" value="00:00:10:49:fe:80:00:00:00:00:00:00:0c:42:a1:03:00:00:00:%02x"/>' % nic_index[0])
        w('        </object>')
        w('        <object type="OSDev" gp_index="%d" name="mlx5_%d" osdev_type="3">' % (nid(), nic_index[0]))
        w('         <info name="NodeGUID" value="0c42:a103:0000:00%02x"/>' % nic_index[0])
        w('        </object>')
        w('       </object>')
        w('      </object>')
        nic_index[0] += 1
        w('     </object>')
        w('    </object>')
        w('   </object>')
    if s == 0:
        b0 = bus[0]; bus[0] += 0x10
        w('   <object type="Bridge" gp_index="%d" bridge_type="0-1" depth="0" bridge_pci="0000:[%02x-%02x]">' % (nid(), b0, b0 + 3))
        w('    <object type="Bridge" gp_index="%d" bridge_type="1-1" depth="1" bridge_pci="0000:[%02x-%02x]" pci_busid="0000:%02x:03.1" pci_type="0604 [1022:1483] [0000:0000] 00 00" pci_link_speed="0.984615">' % (nid(), b0 + 1, b0 + 3, b0))
        w('     <object type="Bridge" gp_index="%d" bridge_type="1-1" depth="2" bridge_pci="0000:[%02x-%02x]" pci_busid="0000:%02x:00.0" pci_type="0604 [10b5:8725] [10b5:8725] ca 00" pci_link_speed="0.984615">' % (nid(), b0 + 2, b0 + 3, b0 + 1))
        for k in range(2):
            w('      <object type="Bridge" gp_index="%d" bridge_type="1-1" depth="3" bridge_pci="0000:[%02x-%02x]" pci_busid="0000:%02x:0%d.0" pci_type="0604 [10b5:8725] [10b5:8725] ca 00" pci_link_speed="0.984615">' % (nid(), b0 + 2 + k, b0 + 2 + k, b0 + 2, k))
            sg = nid(); sw_gp.append(sg)
            w('       <object type="PCIDev" gp_index="%d" subtype="NVSwitch" pci_busid="0000:%02x:00.0" pci_type="0680 [10de:1af1] [10de:1620] a1 00" pci_link_speed="0.984615"/>' % (sg, b0 + 2 + k))
            w('      </object>')
        w('     </object>')
        w('    </object>')
        w('   </object>')
    w('  </object>')
w(' </object>')
w(' <distances2 type="NUMANode" nbobjs="2" kind="5" name="NUMALatency" indexing="os">')
w('  <indexes length="4">0 1 </indexes>')
w('  <u64values length="12">10 32 32 10 </u64values>')
w(' </distances2>')
objs = ["OSDev:%d" % g for g in gpu_gp] + ["PCIDev:%d" % g for g in sw_gp]
n = len(objs)
vals = []
for i in range(n):
    for j in range(n):
        if i == j:
            vals.append(1000000)
        elif (i < len(gpu_gp)) != (j < len(gpu_gp)):
            vals.append(6 * 25000)
        else:
            vals.append(0)
w(' <distances2hetero nbobjs="%d" kind="25" name="NVLinkBandwidth">' % n)
idx = " ".join(objs) + " "
w('  <indexes length="%d">%s</indexes>' % (len(idx), idx))
for i in range(0, len(vals), 10):
    chunk = " ".join(str(v) for v in vals[i:i + 10]) + " "
    w('  <u64values length="%d">%s</u64values>' % (len(chunk), chunk))
w(' </distances2hetero>')
w('</topology>')
sys.stdout.write("\n".join(out) + "\n")
