package org.topoplanner.app.desktop.dnd;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The Dragboard text of a drag: written once, read back as the same record; foreign text is not ours. */
class DragPayloadTest {

    @Test
    void aPaletteLineTravelsAsTheJobItReadsAs() {
        DragPayload p = DragPayload.newJob("-N 4 --gpus-per-node=8 -J n4x8");
        assertThat(p).isInstanceOf(DragPayload.NewJob.class);
        DragPayload.NewJob job = (DragPayload.NewJob) p;
        assertThat(job.request().name()).isEqualTo("n4x8");
        assertThat(job.request().requestedNodes()).isEqualTo(4);
        assertThat(job.request().gpusPerNode()).isEqualTo(8);
        assertThat(DragPayload.decode(p.text())).contains(p);
    }

    @Test
    void aPlacedJobFromTheListTravelsByName() {
        DragPayload p = new DragPayload.MoveJob("train-2");
        assertThat(p.text()).isEqualTo("topoplanner-move:train-2");
        assertThat(DragPayload.decode(p.text())).contains(p);
    }

    @Test
    void aLineThatIsNoJobSaysWhyAndStillReadsBack() {
        DragPayload p = DragPayload.newJob("-N 2 --gpus-per-nodes=8");
        assertThat(p).isInstanceOf(DragPayload.Unreadable.class);
        assertThat(((DragPayload.Unreadable) p).problems()).isNotEmpty()
                .anySatisfy(problem -> assertThat(problem).contains("--gpus-per-nodes"));
        assertThat(DragPayload.decode(p.text())).contains(p);
    }

    @Test
    void textFromElsewhereIsNotOurs() {
        assertThat(DragPayload.decode("node01")).isEmpty();
        assertThat(DragPayload.decode(null)).isEmpty();
    }
}
