/**
 * A small stand-in for i18next (Vite aliases 'i18next' to this file, decision 007): the app uses
 * only nested keys, {{name}} interpolation, `count` plurals (key_one/key_other), per-language
 * resource bundles and language changes — the real library costs ~16 KB gzip on every public
 * page for features nobody uses. Types still come from the real package, so the API below
 * keeps its names and shapes. Anything not implemented is absent, so a new use fails the build.
 */
type Dict = Record<string, unknown>;
type Options = Record<string, unknown> & { count?: number; lng?: string; defaultValue?: string };
type Listener = (...args: unknown[]) => void;
export type TFunction = (key: string | string[], options?: Options) => string;

function lookup(dict: Dict | undefined, key: string): unknown {
  let node: unknown = dict;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Dict)[part];
  }
  return node;
}

function merge(target: Dict, source: Dict): Dict {
  for (const [k, v] of Object.entries(source)) {
    const t = target[k];
    target[k] = v && typeof v === 'object' && !Array.isArray(v) && t && typeof t === 'object' ? merge({ ...(t as Dict) }, v as Dict) : v;
  }
  return target;
}

function interpolate(text: string, options: Options | undefined): string {
  if (!options) return text;
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => {
    const value = lookup(options as Dict, name);
    return value === undefined || value === null ? whole : String(value);
  });
}

class I18nLite {
  language = 'it';
  languages: string[] = ['it'];
  resolvedLanguage = 'it';
  isInitialized = false;
  options: Dict = {};
  private store: Record<string, Dict> = {};
  private listeners = new Map<string, Set<Listener>>();
  private fixed = new Map<string, TFunction>();

  use(_plugin: unknown): this {
    return this;
  }

  init(options: Dict & { lng?: string; resources?: Record<string, { translation?: Dict }> } = {}): Promise<TFunction> {
    this.options = options;
    for (const [lng, namespaces] of Object.entries(options.resources ?? {})) {
      if (namespaces.translation) this.addResourceBundle(lng, 'translation', namespaces.translation, true, true);
    }
    this.setLanguage(options.lng ?? this.language);
    this.isInitialized = true;
    this.emit('initialized', options);
    return Promise.resolve(this.t);
  }

  private setLanguage(lng: string): void {
    this.language = lng;
    this.resolvedLanguage = lng;
    this.languages = [lng];
  }

  on(event: string, listener: Listener): this {
    const set = this.listeners.get(event) ?? new Set();
    set.add(listener);
    this.listeners.set(event, set);
    return this;
  }

  off(event: string, listener?: Listener): this {
    if (listener) this.listeners.get(event)?.delete(listener);
    else this.listeners.delete(event);
    return this;
  }

  private emit(event: string, ...args: unknown[]): void {
    for (const l of this.listeners.get(event) ?? []) l(...args);
  }

  addResourceBundle(lng: string, _ns: string, resources: Dict, _deep = true, _overwrite = true): this {
    this.store[lng] = merge({ ...(this.store[lng] ?? {}) }, resources);
    this.fixed.delete(lng);
    this.emit('added', lng, 'translation');
    return this;
  }

  hasResourceBundle(lng: string, _ns = 'translation'): boolean {
    return lng in this.store;
  }

  exists(key: string, options: Options = {}): boolean {
    return typeof lookup(this.store[options.lng ?? this.language], key) === 'string';
  }

  changeLanguage(lng: string): Promise<TFunction> {
    if (lng !== this.language) {
      this.setLanguage(lng);
      this.emit('languageChanged', lng);
    }
    return Promise.resolve(this.t);
  }

  /** A t bound to one language (cached until that language gets new texts). */
  getFixedT(lng: string | null = null): TFunction {
    const lang = lng ?? this.language;
    let t = this.fixed.get(lang);
    if (!t) {
      t = (key, options) => this.translate(lang, key, options);
      this.fixed.set(lang, t);
    }
    return t;
  }

  t: TFunction = (key, options) => this.translate(options?.lng ?? this.language, key, options);

  private translate(lng: string, key: string | string[], options?: Options): string {
    const dict = this.store[lng];
    for (const k of Array.isArray(key) ? key : [key]) {
      const candidates = typeof options?.count === 'number' ? [`${k}_${new Intl.PluralRules(lng).select(options.count)}`, k] : [k];
      for (const c of candidates) {
        const value = lookup(dict, c);
        if (typeof value === 'string') return interpolate(value, options);
      }
    }
    const fallback = options?.defaultValue ?? (Array.isArray(key) ? key[key.length - 1] : key);
    return interpolate(String(fallback), options);
  }
}

export type i18n = I18nLite;
const instance = new I18nLite();
export default instance;
export const t = instance.t;
