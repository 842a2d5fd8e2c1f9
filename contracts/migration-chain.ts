/** Browsers and Node both have it; contracts/ is compiled with neither's types (pure, no I/O). */
declare const structuredClone: <T>(value: T) => T;

/** One step of a variant's `migrations`: props saved under major `n` to props of `n+1.0.0`. */
export type MigrationStep = (props: Record<string, unknown>) => Record<string, unknown>;

/** Why a chain stopped: the step from major `step` is missing, threw, or returned no plain object. */
export interface ChainFailure {
  /** Always false: the chain stopped. */
  readonly ok: false;
  /** The codes the SDK's upgrade and the authoring CLI's gate both report a failure with. */
  readonly code: 'migration-missing' | 'migration-failed';
  /** The major the failing step migrates from. */
  readonly step: number;
  /** What stopped it, for people (`no migration from major 1 to 2`, `the migration from major 1 threw: …`). */
  readonly message: string;
  /** What the step threw, when it threw. */
  readonly cause?: unknown;
}

/** The props a whole chain gave. */
export interface ChainResult {
  /** Always true: every step ran. */
  readonly ok: true;
  /** The migrated props: a copy, sharing nothing with the input nor with what a step keeps. */
  readonly props: Record<string, unknown>;
}

/**
 * `props`, saved under major `fromMajor`, migrated step by step up to `toMajor` with a module's
 * `migrations` export (docs/authoring-versions.md "Migrations"), as a result, never a throw: the
 * export is read as untrusted (`undefined`, not an object, inherited keys, a throwing getter).
 * The steps run on a structured clone and each step's result is cloned, so neither the caller's
 * props nor any object a step keeps (a constant it returns) is shared with what comes out. A step
 * that returns the object it was given is fine. `fromMajor` equal to `toMajor` gives a copy.
 */
export function runMigrationChain(
  migrations: unknown,
  fromMajor: number,
  toMajor: number,
  props: Readonly<Record<string, unknown>>,
): ChainResult | ChainFailure {
  let current: Record<string, unknown>;
  try {
    current = structuredClone(props) as Record<string, unknown>;
  } catch (error) {
    return failed(fromMajor, 'was given saved props that cannot be copied', error);
  }
  for (let major = fromMajor; major < toMajor; major += 1) {
    const step = stepOf(migrations, major);
    if (step === undefined) {
      return {
        ok: false,
        code: 'migration-missing',
        step: major,
        message: `no migration from major ${major} to ${major + 1}`,
      };
    }
    let next: unknown;
    try {
      next = step(current);
    } catch (error) {
      return failed(major, `threw: ${describe(error)}`, error);
    }
    try {
      if (typeof next !== 'object' || next === null || Array.isArray(next))
        return failed(major, 'did not return an object');
      // A copy after each step: the next step, and the caller, share nothing a step may keep.
      current = structuredClone(next) as Record<string, unknown>;
    } catch (error) {
      // A function, a symbol or a revoked proxy among the props: no page store could save them.
      return failed(major, 'returned props that cannot be saved (not cloneable)', error);
    }
  }
  return { ok: true, props: current };
}

/** The step of `migrations` from `major`: an own function, else undefined (a getter that throws too). */
function stepOf(migrations: unknown, major: number): MigrationStep | undefined {
  if (typeof migrations !== 'object' || migrations === null) return undefined;
  try {
    const step = Object.hasOwn(migrations, String(major))
      ? (migrations as Record<string, unknown>)[String(major)]
      : undefined;
    return typeof step === 'function' ? (step as MigrationStep) : undefined;
  } catch {
    return undefined;
  }
}

function failed(major: number, what: string, cause?: unknown): ChainFailure {
  return {
    ok: false,
    code: 'migration-failed',
    step: major,
    message: `the migration from major ${major} ${what}`,
    ...(cause === undefined ? {} : { cause }),
  };
}

/** What a step threw, as text, whatever it threw (`String(Object.create(null))` itself throws). */
function describe(error: unknown): string {
  try {
    return error instanceof Error ? error.message : String(error);
  } catch {
    return 'a value that has no text';
  }
}
