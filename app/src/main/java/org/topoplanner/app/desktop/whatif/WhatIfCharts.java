package org.topoplanner.app.desktop.whatif;

import java.util.List;
import java.util.function.Function;
import javafx.scene.chart.BarChart;
import javafx.scene.chart.CategoryAxis;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import org.topoplanner.allocator.whatif.SizeClass;
import org.topoplanner.allocator.whatif.WhatIfSummary;

/**
 * The What-if view's JavaFX charts, one series per run: named by its policy when the study has one design, by
 * design and policy when it has several.
 */
final class WhatIfCharts {
    private WhatIfCharts() {
    }

    static LineChart<Number, Number> overTime(String title, String yLabel, List<WhatIfSummary> runs,
                                              Function<WhatIfSummary, double[]> values) {
        NumberAxis x = new NumberAxis();
        x.setLabel("time (h)");
        NumberAxis y = new NumberAxis();
        y.setLabel(yLabel);
        LineChart<Number, Number> chart = new LineChart<>(x, y);
        chart.setTitle(title);
        chart.setCreateSymbols(false);
        chart.setAnimated(false);
        for (WhatIfSummary s : runs) {
            XYChart.Series<Number, Number> series = new XYChart.Series<>();
            series.setName(name(s, runs));
            double[] v = values.apply(s);
            for (int i = 0; i < v.length; i++) {
                series.getData().add(new XYChart.Data<>((i + 0.5) * s.binSeconds() / 3600.0, v[i]));
            }
            chart.getData().add(series);
        }
        return chart;
    }

    static BarChart<String, Number> waitBySize(List<WhatIfSummary> runs) {
        BarChart<String, Number> chart = bars("Mean wait by job size", "GPUs per job", "minutes");
        for (WhatIfSummary s : runs) {
            XYChart.Series<String, Number> series = new XYChart.Series<>();
            series.setName(name(s, runs));
            for (int i = 0; i < SizeClass.ALL.size(); i++) {
                series.getData().add(new XYChart.Data<>(SizeClass.ALL.get(i).label(),
                        s.waitsBySize().get(i).meanSeconds() / 60.0));
            }
            chart.getData().add(series);
        }
        return chart;
    }

    static BarChart<String, Number> histogram(String title, String xLabel, List<String> labels, List<WhatIfSummary> runs,
                                              Function<WhatIfSummary, long[]> counts) {
        BarChart<String, Number> chart = bars(title, xLabel, "jobs");
        for (WhatIfSummary s : runs) {
            XYChart.Series<String, Number> series = new XYChart.Series<>();
            series.setName(name(s, runs));
            long[] c = counts.apply(s);
            for (int i = 0; i < labels.size(); i++) {
                series.getData().add(new XYChart.Data<>(labels.get(i), c[i]));
            }
            chart.getData().add(series);
        }
        return chart;
    }

    static String name(WhatIfSummary s, List<WhatIfSummary> runs) {
        boolean oneDesign = runs.stream().map(r -> r.runCase().design()).distinct().count() <= 1;
        return oneDesign ? s.runCase().policy().id() : s.runCase().design() + " / " + s.runCase().policy().id();
    }

    private static BarChart<String, Number> bars(String title, String xLabel, String yLabel) {
        CategoryAxis x = new CategoryAxis();
        x.setLabel(xLabel);
        NumberAxis y = new NumberAxis();
        y.setLabel(yLabel);
        BarChart<String, Number> chart = new BarChart<>(x, y);
        chart.setTitle(title);
        chart.setAnimated(false);
        return chart;
    }
}
