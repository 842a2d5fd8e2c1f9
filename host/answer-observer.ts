import type { IncomingMessage, ServerResponse } from 'node:http';
// Imported, not the global: Node's global `performance` is a getter on globalThis, read twice a request.
import { performance } from 'node:perf_hooks';
import { RequestIdResponse } from './request-id-response.js';

/** One answer of the process, as its `ServerResponse` ended it. */
export interface Answer {
  /** The request's method, as Node parsed it. */
  readonly method: string;
  /** The request target as the client sent it (Node's `IncomingMessage.url`): query included, maybe absolute-form. */
  readonly target: string;
  /** The status sent. */
  readonly status: number;
  /** From the parsed request head to the end of the answer, in ms. */
  readonly ms: number;
  /** `performance.now()` at the end of the answer: the request's one clock read after its start. */
  readonly endedAt: number;
  /** The id the answer's `x-request-id` carries. */
  readonly requestId: string;
}

/** Hears of every answer of the process: the access log, the metrics. */
export interface AnswerObserver {
  answered(answer: Answer): void;
}

/**
 * A `ServerResponse` class for `http.createServer({ ServerResponse })` that tells `observer` of
 * each answer as it ends. Observed here rather than around the app's fetch: no promise or
 * closure per request, and answers the app never sees (Node's 400 for a request without `Host`,
 * @hono/node-server's own errors) are observed too. A response that is never ended is not: a
 * streamed body whose client left, which @hono/node-server cancels without ending it (the host's
 * answers are whole bodies). It is a {@link RequestIdResponse}.
 */
export function observedResponse(observer: AnswerObserver): typeof ServerResponse {
  return class ObservedResponse<Request extends IncomingMessage = IncomingMessage> extends RequestIdResponse<Request> {
    /** `performance.now()` when Node made the response (the request head parsed); -1 once observed. */
    #startedAt = performance.now();

    override end(chunk?: unknown, encoding?: unknown, callback?: unknown): this {
      try {
        super.end(chunk as string, encoding as BufferEncoding, callback as () => void);
      } finally {
        this.#observe();
      }
      return this;
    }

    #observe(): void {
      if (this.#startedAt < 0) return;
      const endedAt = performance.now();
      const ms = endedAt - this.#startedAt;
      this.#startedAt = -1;
      observer.answered({
        method: this.req.method ?? '',
        target: this.req.url ?? '',
        status: this.statusCode,
        ms,
        endedAt,
        requestId: this.requestId,
      });
    }
  };
}

/** One observer for all of `observers`, or undefined when there is none. */
export function observeAll(observers: readonly AnswerObserver[]): AnswerObserver | undefined {
  if (observers.length < 2) return observers[0];
  return {
    answered(answer) {
      for (const observer of observers) observer.answered(answer);
    },
  };
}
