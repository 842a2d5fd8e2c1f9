/**
 * Test-only: the samples of a Prometheus text exposition (format 0.0.4), keyed as
 * `name{label="value",…}` with the labels sorted by name (`name` alone without labels). Fails on
 * a sample line it cannot read, so that a malformed exposition fails the test that scrapes it.
 */
export function prometheusSamples(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (match === null) throw new Error(`not a Prometheus sample line: ${JSON.stringify(line)}`);
    const [, name, labelText, value] = match as unknown as [string, string, string | undefined, string];
    const labels = [...(labelText ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)]
      .map(([, label, labelValue]) => `${label}="${labelValue}"`)
      .sort();
    const key = labels.length === 0 ? name : `${name}{${labels.join(',')}}`;
    if (samples.has(key)) throw new Error(`sample listed twice: ${key}`);
    samples.set(key, Number(value === '+Inf' ? Number.POSITIVE_INFINITY : value));
  }
  return samples;
}

/** The `# TYPE` of every metric family of the exposition, by name. */
export function prometheusTypes(text: string): Map<string, string> {
  return new Map(
    [...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map(([, name, type]) => [name as string, type as string]),
  );
}
