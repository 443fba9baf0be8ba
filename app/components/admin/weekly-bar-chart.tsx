// A small bar chart of counts per week, drawn as SVG (no chart library). Screen readers get a
// one-line summary and a table of the same numbers; sighted users get the bars.
//
//   <WeeklyBarChart title="Enquiries per week" data={[{ weekStart: "2025-03-03", count: 4 }, …]} />
//
// weekStart is the Monday of the week as YYYY-MM-DD (what date_trunc('week', …) gives).
const WIDTH = 600;
const HEIGHT = 200;
const PAD = { top: 16, right: 8, bottom: 28, left: 32 };

type WeekCount = { weekStart: string; count: number };

function shortDate(isoDate: string) {
  const [, month, day] = isoDate.split("-").map(Number);
  const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  return `${day} ${months[(month ?? 1) - 1]}`;
}

function niceMax(value: number) {
  if (value <= 4) return 4;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((s) => s * magnitude * 4 >= value) ?? 10;
  return step * magnitude * 4;
}

export function WeeklyBarChart({ title, data }: { title: string; data: readonly WeekCount[] }) {
  const max = niceMax(Math.max(0, ...data.map((d) => d.count)));
  const total = data.reduce((sum, d) => sum + d.count, 0);
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / Math.max(1, data.length);
  const barWidth = Math.max(4, slot * 0.6);
  const ticks = [0, max / 2, max];
  const summary = `${title}: ${total} in the last ${data.length} weeks.`;
  return (
    <figure className="grid gap-2">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={summary}
        className="h-auto w-full text-primary"
        preserveAspectRatio="xMidYMid meet"
      >
        {ticks.map((tick) => {
          const y = PAD.top + plotHeight - (tick / max) * plotHeight;
          return (
            <g key={tick}>
              <line
                x1={PAD.left}
                x2={WIDTH - PAD.right}
                y1={y}
                y2={y}
                className="stroke-border"
                strokeDasharray="3 3"
              />
              <text x={PAD.left - 6} y={y + 4} textAnchor="end" className="fill-muted-foreground text-[11px]">
                {tick}
              </text>
            </g>
          );
        })}
        {data.map((d, i) => {
          const h = (d.count / max) * plotHeight;
          const x = PAD.left + i * slot + (slot - barWidth) / 2;
          return (
            <g key={d.weekStart}>
              <rect
                x={x}
                y={PAD.top + plotHeight - h}
                width={barWidth}
                height={h}
                rx={2}
                className="fill-current"
              >
                <title>{`Week of ${shortDate(d.weekStart)}: ${d.count}`}</title>
              </rect>
              {i % 2 === data.length % 2 || data.length <= 6 ? (
                <text
                  x={x + barWidth / 2}
                  y={HEIGHT - 8}
                  textAnchor="middle"
                  className="fill-muted-foreground text-[11px]"
                >
                  {shortDate(d.weekStart)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">Week starting</th>
              <th scope="col">Count</th>
            </tr>
          </thead>
          <tbody>
            {data.map((d) => (
              <tr key={d.weekStart}>
                <td>{shortDate(d.weekStart)}</td>
                <td>{d.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </figcaption>
    </figure>
  );
}
