// TopoPlanner's harness around go-gpuallocator's best-effort policy (our code, not NVIDIA's).
//
// Copied into a fetched go-gpuallocator tree as gpuallocator/topoplanner_oracle_test.go (a Device's
// links can only be built by hand inside the package: there is no GPU here for NVML to read) and run
// there with
//
//	ORACLE_CASES=/path/cases.json ORACLE_OUT=/path/answers.json \
//	  go test -count=1 -run TestTopoPlannerOracle ./gpuallocator/
//
// Each case names a node's GPUs and, per GPU pair, the PCIe link type and the number of direct
// NVLink lanes as NVML would report them (GetP2PLink, GetNVLink); the harness builds the Devices
// with exactly those P2PLinks (one PCIe link, plus one NVLink link when lanes > 0, both ways) and
// records NewBestEffortPolicy().Allocate(available, required, size) as GPU indices (-1: a
// padding slot of a set that is not full).
package gpuallocator

import (
	"encoding/json"
	"fmt"
	"os"
	"testing"

	"github.com/NVIDIA/go-gpuallocator/internal/links"
)

type oraclePair struct {
	A     int    `json:"a"`
	B     int    `json:"b"`
	PCIe  string `json:"pcie"` // SYS, NODE, PHB, PXB, PIX
	Lanes int    `json:"lanes"`
}

type oracleCase struct {
	ID        string       `json:"id"`
	Template  string       `json:"template"`
	GPUs      int          `json:"gpus"`
	Pairs     []oraclePair `json:"pairs"`
	Available []int        `json:"available"`
	Required  []int        `json:"required"`
	Size      int          `json:"size"`
}

type oracleAnswer struct {
	ID     string `json:"id"`
	Chosen []int  `json:"chosen"`
}

var oraclePCIe = map[string]links.P2PLinkType{
	"SYS":  links.P2PLinkCrossCPU,
	"NODE": links.P2PLinkSameCPU,
	"PHB":  links.P2PLinkHostBridge,
	"PXB":  links.P2PLinkMultiSwitch,
	"PIX":  links.P2PLinkSingleSwitch,
}

// oracleNVLink follows GetNVLink: one more type per lane, stopping at eighteen.
func oracleNVLink(lanes int) links.P2PLinkType {
	t := links.SingleNVLINKLink
	for i := 1; i < lanes && i < 18; i++ {
		t++
	}
	return t
}

func TestTopoPlannerOracle(t *testing.T) {
	in, out := os.Getenv("ORACLE_CASES"), os.Getenv("ORACLE_OUT")
	if in == "" || out == "" {
		t.Skip("ORACLE_CASES and ORACLE_OUT not set")
	}
	if links.EighteenNVLINKLinks-links.SingleNVLINKLink != 17 {
		t.Fatal("NVLink link types are not consecutive")
	}
	data, err := os.ReadFile(in)
	if err != nil {
		t.Fatal(err)
	}
	var cases []oracleCase
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	answers := make([]oracleAnswer, 0, len(cases))
	for _, c := range cases {
		devices := make([]*Device, c.GPUs)
		for i := range devices {
			devices[i] = &Device{Index: i, Links: map[int][]P2PLink{}}
			devices[i].UUID = fmt.Sprintf("GPU-%d", i)
		}
		for _, p := range c.Pairs {
			kind, ok := oraclePCIe[p.PCIe]
			if !ok {
				t.Fatalf("case %s: unknown PCIe link %q", c.ID, p.PCIe)
			}
			for _, ab := range [][2]int{{p.A, p.B}, {p.B, p.A}} {
				from, to := devices[ab[0]], devices[ab[1]]
				from.Links[to.Index] = append(from.Links[to.Index], P2PLink{to, kind})
				if p.Lanes > 0 {
					from.Links[to.Index] = append(from.Links[to.Index], P2PLink{to, oracleNVLink(p.Lanes)})
				}
			}
		}
		pick := func(idx []int) []*Device {
			out := make([]*Device, 0, len(idx))
			for _, i := range idx {
				out = append(out, devices[i])
			}
			return out
		}
		chosen := NewBestEffortPolicy().Allocate(pick(c.Available), pick(c.Required), c.Size)
		answer := oracleAnswer{ID: c.ID, Chosen: []int{}}
		for _, d := range chosen {
			if d == nil {
				// a padding slot: the policy can return a set that is not full
				answer.Chosen = append(answer.Chosen, -1)
				continue
			}
			answer.Chosen = append(answer.Chosen, d.Index)
		}
		answers = append(answers, answer)
	}
	buf, err := json.MarshalIndent(answers, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(out, append(buf, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
}
