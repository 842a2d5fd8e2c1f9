/** One Redis Sentinel. */
export interface RedisSentinel {
  /** Its host name or IP address. */
  readonly host: string;
  /** Its port (Sentinel's default is 26379). */
  readonly port: number;
}
