#!/usr/bin/env python3
"""Writes the hand-made 2-SU RoCE sample (see README.md): run from this folder, output is checked in.

Two scalable units of four 8-NIC hosts; one rail leaf per NIC index per SU (rail-optimised, as
NVIDIA's Spectrum-X reference architecture cables them); every leaf has one 800G uplink to each of
four spines. SU1 leaves run Cumulus Linux (NVUE), SU2 leaves SONiC, spines Arista EOS. One host
link (gpu006 rail 4) trained at 200G, as a bad cable would.
"""
NICS = ["enp12s0np0", "enp42s0np0", "enp75s0np0", "enp90s0np0",
        "enp139s0np0", "enp157s0np0", "enp186s0np0", "enp202s0np0"]
SPINES = ["spine01", "spine02", "spine03", "spine04"]


def mac(*parts):
    return ":".join("%02x" % p for p in parts)


def host_mac(h, n):
    return mac(0x94, 0x6d, 0xae, 0x10 + h, 0x2a, n * 8)


def leaf(su, rail):
    return "su%d-leaf%02d" % (su, rail + 1)


def host(h):
    return "gpu%03d" % h


def su1_leaf_port(slot):  # Cumulus: swp1..swp4 hosts, swp33..36 uplinks
    return "swp%d" % (slot + 1)


def su2_leaf_port(slot):  # SONiC: one Ethernet index per 8 lanes
    return "Ethernet%d" % (slot * 8)


def up1(s):
    return "swp%d" % (33 + s)


def up2(s):
    return "Ethernet%d" % (256 + 8 * s)


def leaf_index(su, rail):
    return (su - 1) * 8 + rail  # spine port Et<k+1>/1 goes to leaf k


def speed(h, rail):
    return 200 if (h, rail) == (6, 3) else 400


# --- SU1 hosts: pdsh -w gpu[001-004] lldpctl -f json, lines interleaved as pdsh prints them
def json_host(h):
    su, slot = 1, h - 1
    items = []
    for r, nic in enumerate(NICS):
        items.append('''      {
        "%s": {
          "via": "LLDP",
          "rid": "%d",
          "age": "12 days, 03:41:%02d",
          "chassis": {
            "%s": {
              "id": {
                "type": "mac",
                "value": "%s"
              },
              "descr": "Cumulus Linux version 5.11.1 running on Nvidia SN5600",
              "mgmt-ip": "10.10.%d.%d",
              "capability": [
                {
                  "type": "Bridge",
                  "enabled": true
                },
                {
                  "type": "Router",
                  "enabled": true
                }
              ]
            }
          },
          "port": {
            "id": {
              "type": "ifname",
              "value": "%s"
            },
            "descr": "%s",
            "ttl": "120"
          }
        }
      }''' % (nic, r + 1, (h * 7 + r) % 60, leaf(su, r), mac(0x9c, 0x05, 0x91, 0x11, r, 0),
                 su, 11 + r, su1_leaf_port(slot), su1_leaf_port(slot)))
    body = '{\n  "lldp": {\n    "interface": [\n' + ",\n".join(items) + "\n    ]\n  }\n}"
    return body.split("\n")


def pdsh(outputs):
    """Round-robin chunks of a few lines per host, like pdsh's line-buffered output."""
    lines = []
    cursors = {h: 0 for h in outputs}
    while any(cursors[h] < len(outputs[h]) for h in outputs):
        for h, out in outputs.items():
            for _ in range(5):
                if cursors[h] < len(out):
                    lines.append("%s: %s" % (h, out[cursors[h]]))
                    cursors[h] += 1
    return "\n".join(lines) + "\n"


def keyvalue_host(h):
    su, slot = 2, h - 5
    out = []
    for r, nic in enumerate(NICS):
        p = "lldp.%s." % nic
        out += [p + "via=LLDP", p + "rid=%d" % (r + 1), p + "age=12 days, 03:40:%02d" % ((h + r) % 60),
                p + "chassis.mac=%s" % mac(0x04, 0x3f, 0x72, 0x22, r, 0),
                p + "chassis.name=%s" % leaf(su, r),
                p + "chassis.descr=SONiC Software Version: SONiC.202411.1 - HwSku: Mellanox-SN5600-V256 - Distribution: Debian 12.8 - Kernel: 6.1.0-22-2-amd64",
                p + "chassis.mgmt-ip=10.10.%d.%d" % (su, 11 + r),
                p + "chassis.Bridge.enabled=on", p + "chassis.Router.enabled=on",
                p + "port.ifname=%s" % su2_leaf_port(slot),
                p + "port.descr=%s" % ("gpu%03d-rail%d" % (h, r + 1)),
                p + "port.ttl=120",
                p + "port.auto-negotiation.supported=no", p + "port.auto-negotiation.enabled=no",
                p + "port.auto-negotiation.current=%dGbaseCR%d" % (speed(h, r), 8 if speed(h, r) == 400 else 4)]
    return out


def nvue():
    out = []
    for r in range(8):
        out.append("cumulus@%s:mgmt:~$ nv show interface --view=lldp" % leaf(1, r))
        out.append("")
        rows = [("eth0", "1G", "eth", "oob-mgmt-switch", "swp%d" % (10 + r))]
        for slot in range(4):
            rows.append((su1_leaf_port(slot), "400G", "swp", host(slot + 1), NICS[r]))
        for s, sp in enumerate(SPINES):
            rows.append((up1(s), "800G", "swp", sp, "Ethernet%d/1" % (leaf_index(1, r) + 1)))
        out.append("%-10s %-6s %-5s %-16s %s" % ("Interface", "Speed", "Type", "Remote Host", "Remote Port"))
        out.append("%-10s %-6s %-5s %-16s %s" % ("-" * 9, "-" * 5, "-" * 4, "-" * 16, "-" * 11))
        for row in rows:
            out.append("%-10s %-6s %-5s %-16s %s" % row)
        out.append("")
    return "\n".join(out) + "\n"


def sonic():
    out = []
    for r in range(8):
        out.append("admin@%s:~$ show lldp table" % leaf(2, r))
        out.append("Capability codes: (R) Router, (B) Bridge, (O) Other")
        rows = []
        for slot in range(4):
            h = slot + 5
            rows.append((su2_leaf_port(slot), host(h), host_mac(h, r), "", NICS[r]))
        for s, sp in enumerate(SPINES):
            rows.append((up2(s), sp, "Ethernet%d/1" % (leaf_index(2, r) + 1), "BR", "to-%s" % leaf(2, r)))
        w = [max(len(x[i]) for x in rows + [("LocalPort", "RemoteDevice", "RemotePortID", "Capability", "RemotePortDescr")])
             for i in range(5)]
        fmt = "  ".join("%%-%ds" % k for k in w)
        out.append((fmt % ("LocalPort", "RemoteDevice", "RemotePortID", "Capability", "RemotePortDescr")).rstrip())
        out.append("  ".join("-" * k for k in w))
        for row in rows:
            out.append((fmt % row).rstrip())
        out.append("-" * 50)
        out.append("Total entries displayed:  %d" % len(rows))
        out.append("")
    return "\n".join(out) + "\n"


def eos():
    out = []
    for s, sp in enumerate(SPINES):
        out += ["%s#show lldp neighbors" % sp,
                "Last table change time   : 12 days, 3:42:17 ago",
                "Number of table inserts  : 16",
                "Number of table deletes  : 0",
                "Number of table drops    : 0",
                "Number of table age-outs : 0",
                "",
                "Port          Neighbor Device ID       Neighbor Port ID    TTL",
                "------------- ------------------------ ------------------- ---"]
        out.append("%-13s %-24s %-19s %s" % ("Ma1", "oob-mgmt-switch", "swp%d" % (30 + s), "120"))
        for su in (1, 2):
            for r in range(8):
                port = up1(s) if su == 1 else up2(s)
                out.append("%-13s %-24s %-19s %s" % ("Et%d/1" % (leaf_index(su, r) + 1), leaf(su, r), port, "120"))
        out.append("")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    open("hosts-su1.lldpctl-json.pdsh.txt", "w").write(pdsh({host(h): json_host(h) for h in range(1, 5)}))
    open("hosts-su2.lldpctl-keyvalue.pdsh.txt", "w").write(pdsh({host(h): keyvalue_host(h) for h in range(5, 9)}))
    open("su1-leaves.nvue.txt", "w").write(nvue())
    open("su2-leaves.sonic.txt", "w").write(sonic())
    open("spines.eos.txt", "w").write(eos())
