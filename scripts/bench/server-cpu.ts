// CPU time a server process spent, from /proc: on a machine shared with other work, requests per
// CPU-second of the server is a steadier figure than requests per wall second (wrk's), because a
// server that waits for the CPU serves fewer requests without costing more per request.
import { readFileSync } from "node:fs";

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** User + system CPU seconds of the process so far (its threads included), or NaN without /proc. */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name, which is in parentheses and may contain spaces.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return NaN;
  }
}

export interface WrkFigure {
  /** wrk's requests per wall second. */
  rate: number;
  /** Requests per CPU-second of the server process. */
  perCpuSecond: number;
}

/** Parses wrk's output and the server's CPU time over the run into both figures. */
export function wrkFigure(output: string, cpuBefore: number, cpuAfter: number): WrkFigure {
  const rate = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? NaN);
  const requests = Number(/(\d+) requests in/.exec(output)?.[1] ?? NaN);
  if (!Number.isFinite(rate) || !Number.isFinite(requests)) throw new Error(`wrk output not understood:\n${output}`);
  return { rate, perCpuSecond: requests / (cpuAfter - cpuBefore) };
}
