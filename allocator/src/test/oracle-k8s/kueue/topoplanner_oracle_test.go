// TopoPlanner's harness around Kueue's Topology Aware Scheduling (our code, not Kueue's).
//
// Copied into a fetched kueue tree as pkg/cache/scheduler/topoplanner_oracle_test.go (the TAS
// snapshot is package-private) and run there with
//
//	ORACLE_CASES=/path/cases.json ORACLE_OUT=/path/answers.json \
//	  go test -count=1 -run TestTopoPlannerOracle ./pkg/cache/scheduler/
//
// It builds each case's nodes and non-TAS pods the way Kueue's own TestFindTopologyAssignments
// does (fake client, NewTASCache, SyncNode, UpdateNonTASUsage, snapshot) and records what
// FindTopologyAssignmentsForFlavor answers for the case's one PodSet: the assignment or the
// failure reason, word for word. Feature gates stay at their defaults.
package scheduler

import (
	"encoding/json"
	"fmt"
	"os"
	"testing"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	"sigs.k8s.io/controller-runtime/pkg/client"

	kueue "sigs.k8s.io/kueue/apis/kueue/v1beta2"
	tasindexer "sigs.k8s.io/kueue/pkg/controller/tas/indexer"
	"sigs.k8s.io/kueue/pkg/resources"
	utiltesting "sigs.k8s.io/kueue/pkg/util/testing"
	testingnode "sigs.k8s.io/kueue/pkg/util/testingjobs/node"
	testingpod "sigs.k8s.io/kueue/pkg/util/testingjobs/pod"
)

const oracleGPU corev1.ResourceName = "nvidia.com/gpu"

type oracleUsage struct {
	CPUMilli  int64 `json:"cpuMilli"`
	MemoryMiB int64 `json:"memoryMiB"`
	GPUs      int64 `json:"gpus"`
}

type oracleNode struct {
	Name      string            `json:"name"`
	Labels    map[string]string `json:"labels"`
	CPUMilli  int64             `json:"cpuMilli"`
	MemoryMiB int64             `json:"memoryMiB"`
	GPUs      int64             `json:"gpus"`
	Pods      int64             `json:"pods"`
	Running   []oracleUsage     `json:"running"`
}

type oracleSlice struct {
	Topology string `json:"topology"`
	Size     int32  `json:"size"`
}

type oraclePodSet struct {
	Count     int32         `json:"count"`
	CPUMilli  int64         `json:"cpuMilli"`
	MemoryMiB int64         `json:"memoryMiB"`
	GPUs      int64         `json:"gpus"`
	Mode      string        `json:"mode"` // required, preferred, unconstrained, none
	Level     string        `json:"level,omitempty"`
	Slices    []oracleSlice `json:"slices,omitempty"`
}

type oracleCase struct {
	ID       string       `json:"id"`
	Topology string       `json:"topology"`
	Levels   []string     `json:"levels"`
	Nodes    []oracleNode `json:"nodes"`
	PodSet   oraclePodSet `json:"podSet"`
}

type oracleDomain struct {
	Values []string `json:"values"`
	Count  int32    `json:"count"`
}

type oracleAnswer struct {
	ID      string         `json:"id"`
	Levels  []string       `json:"levels,omitempty"`
	Domains []oracleDomain `json:"domains,omitempty"`
	Failure string         `json:"failure,omitempty"`
}

func TestTopoPlannerOracle(t *testing.T) {
	in, out := os.Getenv("ORACLE_CASES"), os.Getenv("ORACLE_OUT")
	if in == "" || out == "" {
		t.Skip("ORACLE_CASES and ORACLE_OUT not set")
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
		answers = append(answers, runOracleCase(t, c))
	}
	buf, err := json.MarshalIndent(answers, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(out, append(buf, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
}

func oracleRequests(cpuMilli, memoryMiB, gpus int64) corev1.ResourceList {
	rl := corev1.ResourceList{}
	if cpuMilli > 0 {
		rl[corev1.ResourceCPU] = *resource.NewMilliQuantity(cpuMilli, resource.DecimalSI)
	}
	if memoryMiB > 0 {
		rl[corev1.ResourceMemory] = *resource.NewQuantity(memoryMiB<<20, resource.BinarySI)
	}
	if gpus > 0 {
		rl[oracleGPU] = *resource.NewQuantity(gpus, resource.DecimalSI)
	}
	return rl
}

func runOracleCase(t *testing.T, c oracleCase) oracleAnswer {
	ctx, log := utiltesting.ContextWithLog(t)
	nodes := make([]corev1.Node, 0, len(c.Nodes))
	var pods []corev1.Pod
	for _, n := range c.Nodes {
		w := testingnode.MakeNode(n.Name)
		for k, v := range n.Labels {
			w = w.Label(k, v)
		}
		alloc := oracleRequests(n.CPUMilli, n.MemoryMiB, n.GPUs)
		alloc[corev1.ResourcePods] = *resource.NewQuantity(n.Pods, resource.DecimalSI)
		nodes = append(nodes, *w.StatusAllocatable(alloc).Ready().Obj())
		for i, u := range n.Running {
			p := testingpod.MakePod(fmt.Sprintf("%s-run-%d", n.Name, i), "default").NodeName(n.Name).
				StatusPhase(corev1.PodRunning)
			for r, q := range oracleRequests(u.CPUMilli, u.MemoryMiB, u.GPUs) {
				p = p.Request(r, q.String())
			}
			pods = append(pods, *p.Obj())
		}
	}
	objs := make([]client.Object, 0, len(nodes)+len(pods))
	for i := range nodes {
		objs = append(objs, &nodes[i])
	}
	for i := range pods {
		objs = append(objs, &pods[i])
	}
	builder := utiltesting.NewClientBuilder()
	builder.WithObjects(objs...)
	_ = tasindexer.SetupIndexes(ctx, utiltesting.AsIndexer(builder))
	cl := builder.Build()

	cache := NewTASCache(cl, newDefaultSimulator(), resources.NewResourceFormatter())
	for i := range nodes {
		cache.SyncNode(&nodes[i])
	}
	for i := range pods {
		cache.UpdateNonTASUsage(&pods[i], log)
	}
	flavorCache := cache.NewTASFlavorCache(topologyInformation{Levels: c.Levels},
		flavorInformation{TopologyName: kueue.TopologyReference(c.Topology)})
	snapshot, err := flavorCache.snapshot(ctx, log, newDefaultSimulatorSnapshot(), nil)
	if err != nil {
		t.Fatalf("case %s: snapshot: %v", c.ID, err)
	}

	ps := c.PodSet
	var request *kueue.PodSetTopologyRequest
	switch ps.Mode {
	case "required":
		request = &kueue.PodSetTopologyRequest{Required: &ps.Level}
	case "preferred":
		request = &kueue.PodSetTopologyRequest{Preferred: &ps.Level}
	case "unconstrained":
		yes := true
		request = &kueue.PodSetTopologyRequest{Unconstrained: &yes}
	case "none":
	default:
		t.Fatalf("case %s: unknown mode %q", c.ID, ps.Mode)
	}
	if len(ps.Slices) > 0 {
		if request == nil {
			request = &kueue.PodSetTopologyRequest{}
		}
		if len(ps.Slices) == 1 {
			request.PodSetSliceRequiredTopology = &ps.Slices[0].Topology
			request.PodSetSliceSize = &ps.Slices[0].Size
		} else {
			for _, s := range ps.Slices {
				request.PodsetSliceRequiredTopologyConstraints = append(request.PodsetSliceRequiredTopologyConstraints,
					kueue.PodsetSliceRequiredTopologyConstraint{Topology: s.Topology, Size: s.Size})
			}
		}
	}
	single := map[corev1.ResourceName]int64{}
	if ps.CPUMilli > 0 {
		single[corev1.ResourceCPU] = ps.CPUMilli
	}
	if ps.MemoryMiB > 0 {
		single[corev1.ResourceMemory] = ps.MemoryMiB << 20
	}
	if ps.GPUs > 0 {
		single[oracleGPU] = ps.GPUs
	}
	tr := TASPodSetRequests{
		PodSet: &kueue.PodSet{
			Name:            "main",
			TopologyRequest: request,
		},
		SinglePodRequests: resources.NewRequestsFromMap(single),
		Count:             ps.Count,
		Implied:           request == nil,
	}
	result := snapshot.FindTopologyAssignmentsForFlavor(ctx, FlavorTASRequests{tr})
	r := result["main"]
	answer := oracleAnswer{ID: c.ID, Failure: r.FailureReason}
	if r.TopologyAssignment != nil {
		answer.Levels = r.TopologyAssignment.Levels
		for _, d := range r.TopologyAssignment.Domains {
			answer.Domains = append(answer.Domains, oracleDomain{Values: d.Values, Count: d.Count})
		}
	}
	return answer
}
