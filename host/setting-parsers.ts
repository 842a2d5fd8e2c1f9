// How the host reads one setting: a parser holds the default, the check, and the one-line error
// (`invalid-config`, starting with the variable's name). The table of settings (host-settings.ts)
// names one parser a row.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { HostConfig } from './host-config.js';
import { HostError } from './host-error.js';

/** How a setting's value is read and checked. */
export interface SettingParser<T> {
  /** The default as the README's table shows it. */
  readonly shown: string;
  /**
   * The value of `raw` (undefined: unset, or the variable empty), or a HostError (`invalid-config`)
   * whose one-line message starts with `name`. `before` holds the settings of the rows above.
   */
  read(raw: string | undefined, name: string, before: Partial<HostConfig>, cwd: string): T;
}

/** A parser with a default value. */
export interface DefaultedParser<T> extends SettingParser<T> {
  /** The value when unset. */
  readonly fallback: T;
}

/** A whole number: its default and its range hold for the variable and for `createHostApp`'s option alike. */
export interface IntegerParser extends DefaultedParser<number> {
  /** An option's value (a number already; unset: the default), or the HostError naming `name`. */
  readOption(value: number | undefined, name: string): number;
}

/** Errors of {@link SettingParser.read}: the setting's name, then what is wrong, in one line. */
export function invalidSetting(name: string, problem: string): HostError {
  return new HostError('invalid-config', `${name} ${problem}`);
}

type Read<T> = SettingParser<T>['read'];

export function parser<T>(shown: string, read: Read<T>): SettingParser<T> {
  return { shown, read };
}

/** Unset: the HostError saying it is required (the check of `raw` says what is expected). */
export function required(check: (raw: string | undefined, name: string, cwd: string) => string): SettingParser<string> {
  return parser('required', (raw, name, _before, cwd) => check(raw, name, cwd));
}

/** Unset: undefined; otherwise `check` makes the value. */
export function optional<T>(
  check: (raw: string, name: string, before: Partial<HostConfig>) => T,
): SettingParser<T | undefined> {
  return parser('unset', (raw, name, before) => (raw === undefined ? undefined : check(raw, name, before)));
}

export function text(fallback: string): DefaultedParser<string> {
  return { shown: fallback, fallback, read: (raw) => raw ?? fallback };
}

export function integer(fallback: number, [min, max]: readonly [number, number]): IntegerParser {
  const range = `must be an integer from ${min} to ${max}`;
  return {
    shown: String(fallback),
    fallback,
    read(raw, name) {
      if (raw === undefined) return fallback;
      const value = Number(raw);
      if (!/^\d+$/.test(raw) || value < min || value > max) throw invalidSetting(name, `${range}, got "${raw}"`);
      return value;
    },
    readOption(option, name) {
      const value = option ?? fallback;
      if (!Number.isInteger(value) || value < min || value > max) {
        throw invalidSetting(name, `${range}, got ${String(value)}`);
      }
      return value;
    },
  };
}

/** `raw` when it is one of `values`, the default when unset; otherwise the one-line error listing the values. */
export function choice<T extends string>(values: readonly T[], fallback: T): DefaultedParser<T> {
  return {
    shown: `\`${fallback}\``,
    fallback,
    read(raw, name) {
      const value = raw ?? fallback;
      if (!values.includes(value as T))
        throw invalidSetting(name, `must be one of ${values.join(', ')}, got "${value}"`);
      return value as T;
    },
  };
}

export function onOff(fallback: boolean): DefaultedParser<boolean> {
  return {
    shown: fallback ? '`on`' : '`off`',
    fallback,
    read(raw, name) {
      if (raw === undefined) return fallback;
      if (raw !== 'on' && raw !== 'off') throw invalidSetting(name, `must be on or off, got "${raw}"`);
      return raw === 'on';
    },
  };
}

export function catalogSource(raw: string | undefined, name: string, cwd: string): string {
  if (!raw) throw invalidSetting(name, 'is required (a catalog JSON file path or an http(s) URL)');
  if (/^https?:\/\//i.test(raw)) {
    if (!URL.canParse(raw)) throw invalidSetting(name, `is not a valid URL: "${raw}"`);
    return raw;
  }
  const path = resolve(cwd, raw);
  if (!existsSync(path)) throw invalidSetting(name, `names a file that does not exist: ${path}`);
  return path;
}

/** docs/design.md: an origin may carry a path; it is kept as given, without a trailing slash. */
export function origin(raw: string | undefined, name: string): string {
  if (!raw) throw invalidSetting(name, 'is required (an http(s) URL)');
  const url = URL.canParse(raw) ? new URL(raw) : undefined;
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw invalidSetting(name, `must be an http(s) URL, got "${raw}"`);
  }
  if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
    throw invalidSetting(name, 'must not carry a query, a fragment or credentials');
  }
  return raw.replace(/\/+$/, '');
}
