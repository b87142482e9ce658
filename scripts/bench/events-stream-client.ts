// The client side of scripts/bench/events.ts: opens N SSE streams, then on "fanout <url>" on stdin
// triggers one event and reports, on stdout, the milliseconds until the last stream had its frame.
// `tokens`: one token, or @FILE with one per line (a token holds at most 32 streams); stream i uses token i mod their number.
const [url, count, tokens] = process.argv.slice(2) as [string, string, string];
const n = Number(count);
const tokenList = tokens?.startsWith("@") ? (await Bun.file(tokens.slice(1)).text()).split("\n").filter(Boolean) : tokens ? [tokens] : [];
let serial = 0;
let opened = 0;
let waiting: { left: number; done: (ms: number) => void; start: number } | null = null;
const decoder = new TextDecoder();

async function open(): Promise<void> {
  const token = tokenList.length > 0 ? tokenList[serial++ % tokenList.length] : undefined;
  const response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (response.status !== 200) throw new Error(`stream answered ${response.status}`);
  opened++;
  const reader = response.body!.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    const text = decoder.decode(value);
    if (text.includes("data:") && waiting) {
      if (--waiting.left === 0) waiting.done(performance.now() - waiting.start);
    }
  }
}

const BATCH = 500;
for (let i = 0; i < n; i += BATCH) {
  for (let j = i; j < Math.min(n, i + BATCH); j++) void open().catch((e) => console.error(String(e)));
  while (opened < Math.min(n, i + BATCH)) await Bun.sleep(5);
}
console.log(JSON.stringify({ opened }));

for await (const line of console) {
  const [command, trigger, howMany] = line.trim().split(" ");
  if (command !== "fanout") continue;
  const ms = await new Promise<number>((done) => {
    waiting = { left: Number(howMany ?? n), done, start: performance.now() };
    void fetch(trigger!, { method: "POST" });
  });
  waiting = null;
  console.log(JSON.stringify({ ms }));
}
export {};
