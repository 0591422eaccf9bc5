/**
 * A module-level zod schema built on first use (issue 28 part 5: cold start). zod 4 builds a schema eagerly, and
 * a function's bundle reaches far more schemas than its requests use (every response schema, every stored item's
 * declaration): ~1,300 schema objects, ~40 ms of a cold start, for a group whose requests touch a few dozen.
 *
 * `lazySchema(() => z.object({...}))` has the type of the schema it builds and behaves as that schema: every
 * property read, `in`, `instanceof` (zod's checks read `_zod`), key listing and prototype goes to the schema,
 * built by the first of them and kept. A parent built from lazy children builds them when it is built.
 * Identity is the wrapper's (every module holds the same one), while zod's own methods see the built schema: code
 * that keys a map by schema across both, as z.toJSONSchema does, goes through `builtSchema` (shared/openapi.ts).
 * The build must be pure (no registry side effects: nothing here uses `.meta()` or `z.globalRegistry`); it runs
 * once.
 *
 * A bundle drops the lazy schemas nothing in it names: each declaration is written
 * `/* @__PURE__ *\/ lazySchema(() => ...)` (esbuild does not carry the function's own @__NO_SIDE_EFFECTS__
 * annotation across modules, so the call sites say it).
 */
/* @__NO_SIDE_EFFECTS__ */
export function lazySchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  // a build that answers another lazy schema (`lazySchema(() => other)`) stands for what that one builds
  const real = (): T => (built ??= builtSchema(build()));
  const proxy =
    // The target is only a placeholder: the traps answer from the built schema. Its descriptors are reported as
    // configurable, the one proxy invariant a placeholder target would otherwise break.
    new Proxy(Object.create(null) as T, {
      get: (_t, key) => {
        const schema = real();
        return Reflect.get(schema, key, schema);
      },
      set: (_t, key, value) => Reflect.set(real(), key, value),
      has: (_t, key) => Reflect.has(real(), key),
      ownKeys: () => Reflect.ownKeys(real()),
      getOwnPropertyDescriptor: (_t, key) => {
        const d = Reflect.getOwnPropertyDescriptor(real(), key);
        return d && { ...d, configurable: true };
      },
      defineProperty: (_t, key, d) => Reflect.defineProperty(real(), key, d),
      deleteProperty: (_t, key) => Reflect.deleteProperty(real(), key),
      getPrototypeOf: () => Reflect.getPrototypeOf(real()),
    });
  builders.set(proxy, real);
  return proxy;
}

const builders = new WeakMap<object, () => object>();

/**
 * The schema a lazy schema stands for (built now if it was not), or the value itself when it is not one. For
 * code that keys a map by schema identity across a schema's own methods (z.toJSONSchema, shared/openapi.ts):
 * zod's processors see the built schema, its parents hold the wrapper.
 */
export function builtSchema<T>(value: T): T {
  const real = value && typeof value === 'object' ? builders.get(value) : undefined;
  // cast: the wrapper was made with the type of the schema it builds
  return real ? (real() as T) : value;
}
