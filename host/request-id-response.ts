import { type IncomingMessage, type OutgoingHttpHeader, type OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { REQUEST_ID_HEADER, requestIdOf } from './internal/request-id.js';

/** The headers argument of `writeHead`: a record, a flat `[name, value, …]` list, or none. */
type HeadHeaders = OutgoingHttpHeaders | readonly OutgoingHttpHeader[] | undefined;

/**
 * The `ServerResponse` of `catalog-host` (`http.createServer({ ServerResponse })`): it takes the
 * request's id as Node makes it (the request head parsed) and writes `x-request-id` into the
 * answer's head, so every answer carries it: the app's (errors, 304 and 404 too) and those the
 * app never sees (Node's 400 for a request without `Host`). The app reads it as
 * `c.env.outgoing.requestId` (`requestIdOfContext`) and sends it on the origin fetches it
 * makes; the access line writes it (docs/host-logs.md "Request id").
 *
 * The id goes in where the head is written (`writeHead`), as the first entry of a flat list,
 * never through `setHeader` in the constructor: Node then takes its slow path of merging every
 * header of every answer into a map (docs/host-logs.md "Request id").
 */
export class RequestIdResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  /** The request's own `x-request-id` when it is a short printable token, else a new id (`internal/request-id.ts`). */
  readonly requestId: string;

  constructor(request: Request) {
    super(request);
    this.requestId = requestIdOf(request.headers[REQUEST_ID_HEADER]);
  }

  // biome-ignore lint/suspicious/noExplicitAny: ServerResponse's own overloads, passed on as they come.
  override writeHead(statusCode: number, reasonOrHeaders?: any, maybeHeaders?: any): this {
    const reason = typeof reasonOrHeaders === 'string' ? reasonOrHeaders : undefined;
    const given: HeadHeaders = reason === undefined ? reasonOrHeaders : maybeHeaders;
    const headers = this.#withRequestId(given);
    return reason === undefined ? super.writeHead(statusCode, headers) : super.writeHead(statusCode, reason, headers);
  }

  /** `given` with `x-request-id` first, as a flat list; with no `given`, the id is set as a header. */
  #withRequestId(given: HeadHeaders): OutgoingHttpHeader[] | undefined {
    if (given === undefined || given === null) {
      // The head comes from setHeader calls (or Node's implicit head of `end()`).
      if (!this.headersSent) this.setHeader(REQUEST_ID_HEADER, this.requestId);
      return undefined;
    }
    const flat: OutgoingHttpHeader[] = [REQUEST_ID_HEADER, this.requestId];
    if (Array.isArray(given)) {
      // Node takes a flat list or a list of [name, value] pairs.
      for (const item of given) {
        if (Array.isArray(item)) flat.push(item[0] as string, item[1] as OutgoingHttpHeader);
        else flat.push(item);
      }
    } else {
      const record = given as OutgoingHttpHeaders;
      for (const name in record) flat.push(name, record[name] as OutgoingHttpHeader);
    }
    return flat;
  }
}
