import { isIP } from 'node:net';
import proxyAddr from 'proxy-addr';

/** How a request reached the host: the peer of its connection and the `x-forwarded-for` it carries. */
export interface ClientConnection {
  /** The connection's peer address; undefined where the server gives none (`app.request`, other runtimes). */
  readonly socketAddress: string | undefined;
  /** The request's `x-forwarded-for` header, as received. */
  readonly forwardedFor: string | undefined;
}

/**
 * Who a request comes from, as the compile quotas count clients (docs/compile-quotas.md "Who is a
 * client"): the connection's peer address; when that peer is one of the trusted proxies
 * (`TRUSTED_PROXIES`), the `x-forwarded-for` entries are walked from the right past every trusted
 * hop and the first address that is not one is the client (proxy-addr, as Express's `trust proxy`).
 * An IPv4 address reached over IPv6 (`::ffff:10.0.0.1`) is the IPv4 address. A request without a
 * peer address (`app.request`, `app.fetch` called in the process, a server other than
 * @hono/node-server) has no client: the quotas do not count it.
 */
export class ClientAddresses {
  readonly #trust: (address: string, hop: number) => boolean;

  /** `trustedProxies`: IP addresses or CIDR blocks (checked by the configuration); undefined: none. */
  constructor(trustedProxies: readonly string[] | undefined) {
    this.#trust = proxyAddr.compile([...(trustedProxies ?? [])]);
  }

  /** The client of `connection`: an IP address; undefined without a peer address. */
  of(connection: ClientConnection): string | undefined {
    const { socketAddress, forwardedFor } = connection;
    if (socketAddress === undefined || socketAddress === '') return undefined;
    const request = { headers: { 'x-forwarded-for': forwardedFor }, socket: { remoteAddress: socketAddress } };
    // [peer, …the hops it vouches for, leftmost trusted-for]: the last one is the client. An entry
    // that is not an address (a trusted proxy passed on garbage) names no client: its hop does.
    const hops = proxyAddr.all(request as unknown as Parameters<typeof proxyAddr.all>[0], this.#trust);
    const client = hops.findLast((hop) => isIP(hop) !== 0) ?? socketAddress;
    return withoutIpv4Mapping(client);
  }
}

/** `::ffff:a.b.c.d` as `a.b.c.d`: one client whether it connected over IPv4 or IPv6. */
function withoutIpv4Mapping(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped === null ? address : (mapped[1] as string);
}
