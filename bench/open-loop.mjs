// Open-loop load: every request is sent at its scheduled time whatever the others are doing, and
// its latency counts from that time, so a slow server cannot hide behind a slowed-down generator
// (autocannon's paced mode sends each second's requests together at the second's start, and its
// latency correction reads its per-second rate as milliseconds: neither is how browsers send).
import http from 'node:http';
import { cpuMsTree } from './processes.mjs';

const agents = new Map();
/** One kept-alive agent per local address (127.0.0.x), as each browser or exam hall keeps its connections. */
export function agentFrom(localAddress = '127.0.0.1') {
  if (!agents.has(localAddress)) agents.set(localAddress, new http.Agent({ keepAlive: true, maxSockets: 512, localAddress }));
  return agents.get(localAddress);
}

export function closeAgents() {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}

/** POSTs JSON from a local address; resolves { status, json } (never rejects: a failure is { status: 0 }). */
export function postJson(url, token, body, from = '127.0.0.1') {
  return new Promise((resolve) => {
    const data = Buffer.from(JSON.stringify(body));
    const req = http.request(
      url,
      { method: 'POST', agent: agentFrom(from), headers: { 'content-type': 'application/json', 'content-length': data.length, token } },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          let json = null;
          try {
            json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            // counted as a failure by the caller
          }
          resolve({ status: res.statusCode ?? 0, json });
        });
        res.on('error', () => resolve({ status: 0, json: null }));
      },
    );
    req.on('error', () => resolve({ status: 0, json: null }));
    req.end(data);
  });
}

/** An answer of the portal's API that succeeded: 200 and code 0. */
export const answered = (r) => r.status === 200 && r.json?.code === 0;

/** An answer's body as autocannon hands it over (onResponse): the envelope says success. */
function answeredBody(body) {
  try {
    return JSON.parse(body).code === 0;
  } catch {
    return false;
  }
}

/**
 * Counts the refusals among autocannon's answers: `onResponse` goes on each request of the run (a
 * refusal is HTTP 200 with the envelope's code, or any other status); `count()` says how many so far.
 */
export function refusalCounter() {
  let refused = 0;
  return {
    onResponse: (status, body) => {
      if (status !== 200 || !answeredBody(body)) refused += 1;
    },
    count: () => refused,
  };
}

const quantile = (sorted, q) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] : 0);
const round = (x) => Math.round(x * 10) / 10;

/**
 * Sends `schedule` ([{ at (ms from the start), ... }], any order) at its times: `send(item)` makes one
 * unit of work (a request, or a screen's calls in order) and resolves { ok, failure?, requests }.
 * Answers the units per second, their latency from the scheduled time (p50, p95, p99, max), the
 * server's CPU per request (`pid` and its workers), and the failures.
 */
export async function openLoop(schedule, send, pid) {
  const items = [...schedule].sort((a, b) => a.at - b.at);
  const latencies = [];
  let failed = 0;
  let requests = 0;
  let firstFailure = null;
  const cpu0 = pid ? cpuMsTree(pid) : null;
  const own0 = process.cpuUsage();
  const start = performance.now();
  const inflight = [];
  let i = 0;
  await new Promise((resolve) => {
    const tick = () => {
      const now = performance.now() - start;
      while (i < items.length && items[i].at <= now) {
        const item = items[i++];
        inflight.push(
          send(item).then((r) => {
            latencies.push(performance.now() - start - item.at);
            requests += r.requests ?? 1;
            if (!r.ok) {
              failed++;
              firstFailure ??= r.failure ?? 'failed';
            }
          }),
        );
      }
      if (i < items.length) setTimeout(tick, Math.max(0, Math.min(5, items[i].at - now)));
      else resolve();
    };
    tick();
  });
  await Promise.all(inflight);
  const elapsed = (performance.now() - start) / 1000;
  const cpu1 = pid ? cpuMsTree(pid) : null;
  const own = process.cpuUsage(own0);
  latencies.sort((a, b) => a - b);
  return {
    units: latencies.length,
    requests,
    unitsPerSec: Math.round(latencies.length / elapsed),
    reqPerSec: Math.round(requests / elapsed),
    latencyMs: {
      p50: round(quantile(latencies, 0.5)),
      p95: round(quantile(latencies, 0.95)),
      p99: round(quantile(latencies, 0.99)),
      max: round(latencies.at(-1) ?? 0),
    },
    serverCpuUsPerRequest: cpu0 !== null && cpu1 !== null && requests ? Math.round(((cpu1 - cpu0) * 1000) / requests) : null,
    // The load generator's own CPU a request: it shares the machine's cores with the server.
    generatorCpuUsPerRequest: requests ? Math.round((own.user + own.system) / requests) : null,
    failed,
    firstFailure,
  };
}

/** Each of `actors` acts every `periodMs` from a random phase, for `durationMs`: the schedule [{ at, actor }]. */
export function periodic(actors, periodMs, durationMs) {
  const schedule = [];
  for (const actor of actors) {
    for (let at = Math.random() * periodMs; at < durationMs; at += periodMs) schedule.push({ at, actor });
  }
  return schedule;
}
