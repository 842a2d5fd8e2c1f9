import pino from 'pino';
import { jsonAccessLine } from '../host/access-log.js';
import type { Answer } from '../host/answer-observer.js';
import { type BenchRow, median, reportRow } from './bench-row.js';

// The JSON access line built by pino against our template (docs/host-logs.md "How the lines are
// written"), in this process, each writing into a stream that keeps only a byte count: what the
// two cost to build one line, nothing else. The rows of host-process.bench.ts run only our sink;
// pino in the host process was measured once, with a sink built for that run (docs/host-logs.md
// "Measured"). This row is the comparison anyone can rerun, with every pino release.

const ROUNDS = 7;
const LINES = 50_000;

/** Answers of a warm entry, each with its own id and time, as the host logs them. */
const answers: Answer[] = Array.from({ length: 1_024 }, (_, index) => ({
  method: 'GET',
  target: `/api/runtime-catalog/pkg${index % 100}`,
  status: 200,
  ms: 0.3 + (index % 7) / 10,
  endedAt: 1_000 + index,
  requestId: `r${index.toString(36)}`,
}));

/** ns a line of `write` (median of {@link ROUNDS} rounds of {@link LINES} lines after a warm-up round). */
function nsPerLine(write: (answer: Answer, time: number) => void): number {
  const rounds: number[] = [];
  for (let round = 0; round <= ROUNDS; round += 1) {
    const started = process.hrtime.bigint();
    for (let index = 0; index < LINES; index += 1) write(answers[index & 1023]!, 1_764_000_000_000 + index);
    if (round > 0) rounds.push(Number(process.hrtime.bigint() - started) / LINES);
  }
  return median(rounds);
}

/** A destination that counts the characters it is given and keeps none (pino calls `write` synchronously). */
function countingSink(): { stream: { write(line: string): void }; characters: () => number } {
  let characters = 0;
  return {
    stream: {
      write(line: string) {
        characters += line.length;
      },
    },
    characters: () => characters,
  };
}

export async function accessLineBuilders(): Promise<BenchRow> {
  const ours = countingSink();
  const oursNs = nsPerLine((answer, time) => ours.stream.write(`${jsonAccessLine(answer, time)}\n`));
  const theirs = countingSink();
  let time = 0;
  const logger = pino({ base: null, timestamp: () => `,"time":${time}` }, theirs.stream as pino.DestinationStream);
  const pinoNs = nsPerLine((answer, at) => {
    time = at;
    logger.info(
      { method: answer.method, path: answer.target, status: answer.status, ms: answer.ms, requestId: answer.requestId },
      'request completed',
    );
  });
  if (ours.characters() === 0 || theirs.characters() === 0) throw new Error('bench: a builder wrote nothing');
  return reportRow(
    'JSON access line built: our template vs pino (in process)',
    `${oursNs.toFixed(0)} ns a line`,
    `pino ${pinoNs.toFixed(0)} ns a line`,
    pinoNs / oursNs,
  );
}
