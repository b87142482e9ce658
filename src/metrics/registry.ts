// Process metrics in the Prometheus text exposition format (version 0.0.4): counters, one latency
// histogram, gauges set by the code that owns them, and gauges read from the store at scrape time.
// Labels are route templates, never raw paths, so their number stays bounded.

/** Event streams open in this process, read from the event signal when scraped (server.ts). */
export const OPEN_STREAMS_GAUGE = "parla_open_streams";

export const LATENCY_BUCKETS_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface Sample {
  labels: Record<string, string>;
  value: number;
}

/** A gauge read when scraped (e.g. from the store); its samples are shared by every process. */
export interface CollectedGauge {
  name: string;
  help: string;
  collect(): Promise<Sample[]>;
}

interface RequestSeries {
  labels: { method: string; route: string; status: string };
  count: number;
}

interface LatencySeries {
  labels: { method: string; route: string };
  buckets: number[];
  sum: number;
  count: number;
}

/** An up/down gauge owned by one part of the process (open streams: the events module moves it). */
export interface UpDownGauge {
  inc(): void;
  dec(): void;
  value(): number;
}

export class Metrics {
  private readonly requests = new Map<string, RequestSeries>();
  private readonly latency = new Map<string, LatencySeries>();
  private readonly collected: CollectedGauge[] = [];
  private readonly gauges = new Map<string, { help: string; value: number }>();

  /** Counts one answered request and its duration. */
  observeRequest(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${route} ${status}`;
    let series = this.requests.get(key);
    if (!series) this.requests.set(key, (series = { labels: { method, route, status: String(status) }, count: 0 }));
    series.count++;
    const lkey = `${method} ${route}`;
    let l = this.latency.get(lkey);
    if (!l) this.latency.set(lkey, (l = { labels: { method, route }, buckets: LATENCY_BUCKETS_SECONDS.map(() => 0), sum: 0, count: 0 }));
    for (let i = 0; i < LATENCY_BUCKETS_SECONDS.length; i++) if (seconds <= LATENCY_BUCKETS_SECONDS[i]!) l.buckets[i]!++;
    l.sum += seconds;
    l.count++;
  }

  /** A process-local gauge that its owner moves up and down. */
  upDownGauge(name: string, help: string): UpDownGauge {
    const entry = this.gauges.get(name) ?? { help, value: 0 };
    this.gauges.set(name, entry);
    return { inc: () => void entry.value++, dec: () => void (entry.value = Math.max(0, entry.value - 1)), value: () => entry.value };
  }

  addCollector(gauge: CollectedGauge): void {
    this.collected.push(gauge);
  }

  /** The exposition text. A collector that fails is reported as parla_metrics_collect_errors, not as a failed scrape. */
  async render(): Promise<string> {
    const out: string[] = [];
    out.push("# HELP parla_http_requests_total HTTP requests answered, by method, route template and status.", "# TYPE parla_http_requests_total counter");
    for (const s of this.requests.values()) out.push(`parla_http_requests_total${labelText(s.labels)} ${s.count}`);
    out.push("# HELP parla_http_request_duration_seconds Time to answer, by method and route template.", "# TYPE parla_http_request_duration_seconds histogram");
    for (const s of this.latency.values()) {
      LATENCY_BUCKETS_SECONDS.forEach((le, i) => out.push(`parla_http_request_duration_seconds_bucket${labelText({ ...s.labels, le: String(le) })} ${s.buckets[i]}`));
      out.push(`parla_http_request_duration_seconds_bucket${labelText({ ...s.labels, le: "+Inf" })} ${s.count}`);
      out.push(`parla_http_request_duration_seconds_sum${labelText(s.labels)} ${round(s.sum)}`);
      out.push(`parla_http_request_duration_seconds_count${labelText(s.labels)} ${s.count}`);
    }
    for (const [name, g] of this.gauges) out.push(`# HELP ${name} ${g.help}`, `# TYPE ${name} gauge`, `${name} ${g.value}`);
    let errors = 0;
    for (const gauge of this.collected) {
      let samples: Sample[];
      try {
        samples = await gauge.collect();
      } catch {
        errors++;
        continue;
      }
      out.push(`# HELP ${gauge.name} ${gauge.help}`, `# TYPE ${gauge.name} gauge`);
      for (const s of samples) out.push(`${gauge.name}${labelText(s.labels)} ${s.value}`);
    }
    out.push("# HELP parla_metrics_collect_errors Store-backed gauges that could not be read in this scrape.", "# TYPE parla_metrics_collect_errors gauge", `parla_metrics_collect_errors ${errors}`);
    return out.join("\n") + "\n";
  }
}

function round(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}

/** `{a="x",b="y"}` with the format's escapes (backslash, quote, newline). */
function labelText(labels: Record<string, string>): string {
  const parts = Object.entries(labels).map(([k, v]) => `${k}="${v.replaceAll("\\", "\\\\").replaceAll('"', '\\"').replaceAll("\n", "\\n")}"`);
  return parts.length ? `{${parts.join(",")}}` : "";
}
