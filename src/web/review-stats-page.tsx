// Review statistics: today's reviews, the streak, retention, and reviews per day over the last
// 30 days as a bar chart drawn on the server in SVG (no script, no build step). The chart is an
// image with a title and a description (WAI-ARIA graphics: role="img", aria-labelledby); the same
// numbers follow as a table for anyone who cannot see it.
import type { ReviewStats } from "../learning/review-stats.ts";
import { Layout, type Flash, type LayoutUser } from "./layout.tsx";
import type { UiText } from "./ui-text/index.ts";

const W = 600;
const H = 180;
const PAD = { left: 28, right: 4, top: 10, bottom: 22 };

/** The chart alone, so a test can read its shapes. */
export function ReviewChart(props: { t: UiText; days: ReviewStats["days"] }) {
  const s = props.t.review.stats;
  const max = Math.max(1, ...props.days.map((d) => d.reviews));
  const busiest = props.days.reduce((a, d) => (d.reviews > a.reviews ? d : a), props.days[0]!);
  const total = props.days.reduce((a, d) => a + d.reviews, 0);
  const slot = (W - PAD.left - PAD.right) / props.days.length;
  const plotH = H - PAD.top - PAD.bottom;
  return (
    <svg class="chart" viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby="chart-title chart-desc" xmlns="http://www.w3.org/2000/svg" data-testid="review-chart">
      <title id="chart-title" safe>
        {s.chartTitle}
      </title>
      <desc id="chart-desc" safe>
        {s.chartDesc(total, busiest.date, busiest.reviews)}
      </desc>
      <line class="axis" x1={String(PAD.left)} y1={String(H - PAD.bottom)} x2={String(W - PAD.right)} y2={String(H - PAD.bottom)} />
      <text class="tick" x={String(PAD.left - 4)} y={String(PAD.top + 8)} text-anchor="end" safe>
        {String(max)}
      </text>
      <text class="tick" x={String(PAD.left - 4)} y={String(H - PAD.bottom)} text-anchor="end">
        0
      </text>
      {props.days.map((d, i) => {
        const h = Math.round((d.reviews / max) * plotH);
        const x = PAD.left + i * slot + slot * 0.15;
        return (
          <rect class="bar" x={x.toFixed(1)} y={String(H - PAD.bottom - h)} width={(slot * 0.7).toFixed(1)} height={String(h)} data-date={d.date} data-reviews={String(d.reviews)}>
            <title safe>{`${d.date}: ${d.reviews}`}</title>
          </rect>
        );
      })}
      {[0, props.days.length - 1].map((i) => (
        <text class="tick" x={(PAD.left + i * slot + slot / 2).toFixed(1)} y={String(H - 6)} text-anchor={i === 0 ? "start" : "end"} safe>
          {props.days[i]!.date.slice(5)}
        </text>
      ))}
    </svg>
  );
}

export function ReviewStatsPage(props: { t: UiText; user: LayoutUser; flash?: Flash | null; stats: ReviewStats }) {
  const { t, stats } = props;
  const s = t.review.stats;
  return (
    <Layout t={t} title={s.title} nav="review" user={props.user} flash={props.flash}>
      <h1 safe>{s.title}</h1>
      <p>
        <a href="/review" safe>
          {s.back}
        </a>
      </p>
      <dl class="stats card" data-testid="review-stats">
        <dt safe>{s.today}</dt>
        <dd data-testid="stats-today" safe>
          {String(stats.today)}
        </dd>
        <dt safe>{s.streak}</dt>
        <dd data-testid="stats-streak" data-days={String(stats.streak)} safe>
          {s.days(stats.streak)}
        </dd>
        <dt safe>{s.bestStreak}</dt>
        <dd safe>{s.days(stats.bestStreak)}</dd>
        <dt safe>{s.retention}</dt>
        <dd data-testid="stats-retention" safe>
          {stats.matured === 0 ? s.noRetention : s.retentionValue(Math.round((100 * stats.remembered) / stats.matured), stats.remembered, stats.matured)}
        </dd>
      </dl>
      <figure class="card">
        <ReviewChart t={t} days={stats.days} />
        <details>
          <summary safe>{s.tableSummary}</summary>
          <table>
            <caption safe>{s.chartTitle}</caption>
            <thead>
              <tr>
                <th scope="col" safe>
                  {s.date}
                </th>
                <th scope="col" safe>
                  {s.reviews}
                </th>
              </tr>
            </thead>
            <tbody>
              {stats.days.map((d) => (
                <tr>
                  <td safe>{d.date}</td>
                  <td safe>{String(d.reviews)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </figure>
    </Layout>
  );
}
