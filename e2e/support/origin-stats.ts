/** Requests the origins received so far (served by the e2e stack). */
export interface OriginStats {
  readonly artifacts: number;
  readonly catalog: number;
  readonly esm: number;
}

/** The origins' request counts now. */
export async function originStats(): Promise<OriginStats> {
  return (await (await fetch(process.env.E2E_STATS_URL!)).json()) as OriginStats;
}
