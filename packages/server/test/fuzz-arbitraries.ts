import fc from 'fast-check';

/**
 * A small zod (v4) → fast-check builder for the fuzzer: values that fit a route's schema, mixed
 * with deliberately wrong ones (control characters, huge strings, unicode, wrong types, missing
 * and extra fields). It reads the schema's definition (`_zod.def`): the kinds the routes use
 * are strings with lengths, formats and patterns, numbers, booleans, enums, literals, objects,
 * arrays, records, optional/nullable/default, unions, pipes and preprocessors.
 */

interface Check {
  check: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
}

interface Def {
  type: string;
  checks?: { _zod: { def: Check } }[];
  format?: string;
  pattern?: RegExp;
  coerce?: boolean;
  shape?: Record<string, ZodLike>;
  catchall?: ZodLike;
  element?: ZodLike;
  innerType?: ZodLike;
  options?: ZodLike[];
  values?: unknown[];
  entries?: Record<string, unknown>;
  in?: ZodLike;
  out?: ZodLike;
  keyType?: ZodLike;
  valueType?: ZodLike;
  items?: ZodLike[];
  getter?: () => ZodLike;
  left?: ZodLike;
  right?: ZodLike;
}

export interface ZodLike {
  _zod: { def: Def };
}

export interface BuildOptions {
  /** Mix wrong values into every position (the fuzzer's hostile mode). */
  hostile: boolean;
}

/** Longest string or array generated from a schema without a maximum (keeps requests small). */
const FREE_LENGTH = 24;
const CONTROL = [...Array(32).keys(), 127, 0x85, 0x9b].map((c) => String.fromCharCode(c));

const checksOf = (def: Def): Check[] => (def.checks ?? []).map((c) => c._zod.def);

/** Strings that break rules: control characters, huge, unicode (astral, RTL, combining), blanks. */
const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...CONTROL), fc.string({ maxLength: 8 })).map(([a, c, b]) => `${a}${c}${b}`),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\r\n',
    '\t',
    ' ',
    '',
    '\u202e\u0635',
    '💥🚁',
    'e\u0301',
    '\uFEFF',
    '\ud800',
    "' OR 1=1 --",
    '<script>x</script>',
    '../../etc/passwd',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer({ min: 256, max: 70_000 }).map((n) => 'x'.repeat(n)),
);

/** Any value of the wrong kind for a position. */
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, [], {}, [null], { $ne: 1 }, '1e999', 'NaN'),
  fc.jsonValue({ maxDepth: 2 }),
);

function stringArb(def: Def): fc.Arbitrary<string> {
  const checks = checksOf(def);
  let min = 0;
  let max: number | undefined;
  const patterns: RegExp[] = def.pattern ? [def.pattern] : [];
  for (const c of checks) {
    if (c.check === 'min_length') min = Math.max(min, c.minimum ?? 0);
    if (c.check === 'max_length') max = Math.min(max ?? Infinity, c.maximum ?? Infinity);
    if (c.check === 'length_equals') min = max = c.length ?? 0;
    if (c.check === 'string_format' && c.pattern) patterns.push(c.pattern);
  }
  const fits = (s: string) => s.length >= min && (max === undefined || s.length <= max) && patterns.every((p) => p.test(s));
  if (def.format === 'email') return fc.emailAddress().filter(fits);
  if (def.format === 'uuid' || def.format === 'guid') return fc.uuid();
  if (patterns.length) {
    // Retry a few times for the length checks; fall back to the pattern alone.
    const matching = fc.stringMatching(patterns[0]!, { size: 'xsmall' });
    return fc.oneof(matching.filter(fits), matching);
  }
  return fc.string({ minLength: min, maxLength: max ?? Math.max(min, FREE_LENGTH), unit: 'grapheme-composite' });
}

function numberArb(def: Def): fc.Arbitrary<number> {
  let min = -1e6;
  let max = 1e6;
  let int = def.format === 'safeint' || def.format === 'int32';
  for (const c of checksOf(def)) {
    if (c.check === 'number_format') int = true;
    if (c.check === 'greater_than') min = (c.value ?? 0) + (c.inclusive ? 0 : int ? 1 : 1e-9);
    if (c.check === 'less_than') max = (c.value ?? 0) - (c.inclusive ? 0 : int ? 1 : 1e-9);
  }
  min = Math.max(min, -1e9);
  max = Math.min(max, 1e9);
  if (int) return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

function objectArb(def: Def, opts: BuildOptions): fc.Arbitrary<Record<string, unknown>> {
  const shape = def.shape ?? {};
  const arbs: Record<string, fc.Arbitrary<unknown>> = {};
  const required: string[] = [];
  for (const [key, field] of Object.entries(shape)) {
    arbs[key] = zodArbitrary(field, opts);
    if (!['optional', 'default', 'prefault', 'nullable'].includes(field._zod.def.type)) required.push(key);
  }
  const valid = fc.record(arbs, { requiredKeys: required });
  if (!opts.hostile) return valid;
  return fc.oneof(
    { weight: 6, arbitrary: valid },
    // A required field left out.
    { weight: 1, arbitrary: fc.tuple(valid, fc.constantFrom(...(required.length ? required : ['_']))).map(([o, k]) => omit(o, k)) },
    // Fields nobody asked for.
    { weight: 1, arbitrary: fc.tuple(valid, fc.dictionary(fc.string({ maxLength: 12 }), wrongValue, { maxKeys: 3 })).map(([o, extra]) => ({ ...extra, ...o })) },
  );
}

const omit = (o: Record<string, unknown>, key: string) => Object.fromEntries(Object.entries(o).filter(([k]) => k !== key));

function arrayArb(def: Def, opts: BuildOptions): fc.Arbitrary<unknown[]> {
  let min = 0;
  let max: number | undefined;
  for (const c of checksOf(def)) {
    if (c.check === 'min_length') min = c.minimum ?? 0;
    if (c.check === 'max_length') max = c.maximum;
    if (c.check === 'length_equals') min = max = c.length ?? 0;
  }
  const item = def.element ? zodArbitrary(def.element, opts) : fc.jsonValue();
  const valid = fc.array(item, { minLength: min, maxLength: Math.min(max ?? 5, Math.max(min, 5)) });
  if (!opts.hostile) return valid;
  // One item over the maximum (or a long list when there is none).
  return fc.oneof({ weight: 6, arbitrary: valid }, { weight: 1, arbitrary: fc.array(item, { minLength: (max ?? 60) + 1, maxLength: (max ?? 60) + 1 }) });
}

/** The arbitrary of a schema's valid shape (before the hostile mix of zodArbitrary). */
function shapeArb(schema: ZodLike, opts: BuildOptions): fc.Arbitrary<unknown> {
  const def = schema._zod.def;
  switch (def.type) {
    case 'string':
      return stringArb(def);
    case 'number':
    case 'int':
      return def.coerce ? fc.oneof(numberArb(def), numberArb(def).map(String)) : numberArb(def);
    case 'bigint':
      return fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String);
    case 'boolean':
      return def.coerce ? fc.oneof(fc.boolean(), fc.constantFrom('true', 'false', '1', '0')) : fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { _: '' }));
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'object':
      return objectArb(def, opts);
    case 'array':
      return arrayArb(def, opts);
    case 'tuple':
      return fc.tuple(...(def.items ?? []).map((i) => zodArbitrary(i, opts)));
    case 'record':
      return fc.dictionary(
        def.keyType ? (zodArbitrary(def.keyType, { hostile: false }) as fc.Arbitrary<string>) : fc.string(),
        def.valueType ? zodArbitrary(def.valueType, opts) : fc.jsonValue(),
        {
          maxKeys: 4,
        },
      );
    case 'optional':
      return fc.option(zodArbitrary(def.innerType!, opts), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(zodArbitrary(def.innerType!, opts), { nil: null, freq: 4 });
    case 'default':
    case 'prefault':
    case 'catch':
      return fc.option(zodArbitrary(def.innerType!, opts), { nil: undefined, freq: 4 });
    case 'nonoptional':
    case 'readonly':
    case 'promise':
      return zodArbitrary(def.innerType!, opts);
    case 'union':
      return fc.oneof(...(def.options ?? []).map((o) => zodArbitrary(o, opts)));
    case 'intersection':
      return fc.tuple(zodArbitrary(def.left!, opts), zodArbitrary(def.right!, opts)).map(([a, b]) => (isPlain(a) && isPlain(b) ? { ...a, ...b } : a));
    case 'lazy':
      return fc.constant(null).chain(() => zodArbitrary(def.getter!(), opts));
    case 'pipe':
      // A preprocessor (transform → schema) takes what the inner schema takes; a plain pipe
      // both what its input and what its output take.
      if (def.in?._zod.def.type === 'transform') return zodArbitrary(def.out!, opts);
      if (def.out?._zod.def.type === 'transform') return zodArbitrary(def.in!, opts);
      return fc.oneof(zodArbitrary(def.out!, opts), zodArbitrary(def.in!, opts));
    case 'date':
      return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
    default:
      // unknown, any, custom, transform: anything JSON.
      return fc.jsonValue({ maxDepth: 2 });
  }
}

const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Values for a zod schema: fitting ones, and in hostile mode wrong ones at every position. */
function zodArbitrary(schema: ZodLike, opts: BuildOptions): fc.Arbitrary<unknown> {
  const valid = shapeArb(schema, opts);
  if (!opts.hostile) return valid;
  const leaf = !['object', 'array', 'optional', 'nullable', 'default', 'prefault', 'union', 'pipe', 'record', 'tuple', 'lazy'].includes(schema._zod.def.type);
  return leaf ? fc.oneof({ weight: 5, arbitrary: valid }, { weight: 1, arbitrary: wrongValue }) : valid;
}

/** A request's parts: params, querystring and body, each from the route's schema when it has one. */
export interface RequestParts {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
}

export function requestArbitrary(schemas: { params?: ZodLike; querystring?: ZodLike; body?: ZodLike }, opts: BuildOptions): fc.Arbitrary<RequestParts> {
  const part = (s: ZodLike | undefined, fallback: fc.Arbitrary<unknown>) => (s ? zodArbitrary(s, opts) : fallback);
  const emptyObject = fc.constant({});
  return fc.record({
    params: part(schemas.params, emptyObject).map((p) => (isPlain(p) ? p : {})),
    query: part(schemas.querystring, emptyObject).map((q) => (isPlain(q) ? q : { q: JSON.stringify(q) })),
    // Operations without a body schema still get one now and then: the server must ignore it.
    body: part(schemas.body, fc.option(fc.jsonValue({ maxDepth: 2 }), { nil: undefined, freq: 2 })),
  });
}

type Path = (string | number)[];

/** Every position of a JSON-like value: objects, arrays and leaves. */
function positions(value: unknown, path: Path = []): { path: Path; value: unknown }[] {
  const here = [{ path, value }];
  if (Array.isArray(value)) return [...here, ...value.flatMap((v, i) => positions(v, [...path, i]))];
  if (isPlain(value)) return [...here, ...Object.entries(value).flatMap(([k, v]) => positions(v, [...path, k]))];
  return here;
}

function replaceAt(value: unknown, path: Path, next: (old: unknown) => unknown): unknown {
  if (!path.length) return next(value);
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? replaceAt(v, rest, next) : v)).filter((v) => v !== DROP);
  if (isPlain(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const changed = k === head ? replaceAt(v, rest, next) : v;
      if (changed !== DROP) out[k] = changed;
    }
    return out;
  }
  return value;
}

const DROP = Symbol('drop');

/** One change to a value: a control character inside a string, a hostile or wrong value, a field dropped or added. */
const mutation: fc.Arbitrary<(old: unknown) => unknown> = fc.oneof(
  // NUL first among the control characters: the one PostgreSQL refuses to store.
  {
    weight: 3,
    arbitrary: fc.tuple(fc.oneof(fc.constant('\u0000'), fc.constantFrom(...CONTROL)), fc.nat()).map(([c, at]) => (old: unknown) => {
      const s = typeof old === 'string' ? old : String(old ?? '');
      const i = at % (s.length + 1);
      return `${s.slice(0, i)}${c}${s.slice(i)}`;
    }),
  },
  { weight: 1, arbitrary: nastyString.map((s) => () => s) },
  { weight: 1, arbitrary: wrongValue.map((w) => () => w) },
  { weight: 1, arbitrary: fc.constant(() => DROP) },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.string({ maxLength: 10 }), wrongValue).map(
      ([k, v]) =>
        (old: unknown) =>
          isPlain(old) ? { ...old, [k || 'extra']: v } : old,
    ),
  },
);

/**
 * A known valid value with exactly one position changed: reaches the code behind the schema
 * (the domain rules, the database) with a single hostile field, which random values rarely do.
 */
export function mutatedOnce<T>(valid: T): fc.Arbitrary<T> {
  // Leaves (the fields) are where the rules are: they get picked more often than containers.
  const all = positions(valid).flatMap((p) => (isPlain(p.value) || Array.isArray(p.value) ? [p] : [p, p, p]));
  return fc.tuple(fc.nat({ max: all.length - 1 }), mutation).map(([i, change]) => {
    const changed = replaceAt(valid, all[i]!.path, change);
    return (changed === DROP ? undefined : changed) as T;
  });
}
