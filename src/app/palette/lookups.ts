/**
 * Entity look-ups in the palette (DESIGN §3: customer by phone, name or id; order by number). Areas register a
 * provider; the palette asks every provider the user may use, as they type, and shows what comes back.
 */
export interface LookupItem {
  /** Unique within the provider. */
  id: string;
  label: string;
  description?: string;
  /** Where selecting it goes (a detail route), or what it does. */
  route?: string;
  onSelect?: () => void;
}

export interface LookupProvider {
  id: string;
  /** Message id of the group heading; default 'palette.group.lookups'. */
  title?: string;
  /** Permission node the session needs (null/absent: anyone signed in). */
  permission?: string | null;
  /** Shortest query worth asking about; default 2. */
  minLength?: number;
  search(query: string, signal: AbortSignal): Promise<LookupItem[]>;
}

const providers: LookupProvider[] = [];

/** Adds a provider; returns the function that removes it. */
export function registerLookup(provider: LookupProvider): () => void {
  providers.push(provider);
  return () => {
    const i = providers.indexOf(provider);
    if (i >= 0) providers.splice(i, 1);
  };
}

export function lookupProviders(): readonly LookupProvider[] {
  return providers;
}

export interface LookupResult {
  provider: LookupProvider;
  items: LookupItem[];
}

/** Asks the allowed providers in parallel; a failing provider contributes nothing. */
export async function runLookups(query: string, allowed: (p: LookupProvider) => boolean, signal: AbortSignal): Promise<LookupResult[]> {
  const q = query.trim();
  const asked = providers.filter((p) => allowed(p) && q.length >= (p.minLength ?? 2));
  const results = await Promise.all(
    asked.map(async (provider) => {
      try {
        return { provider, items: await provider.search(q, signal) };
      } catch (e) {
        if (!signal.aborted) console.error(`lookup ${provider.id} failed`, e);
        return { provider, items: [] };
      }
    }),
  );
  return results.filter((r) => r.items.length > 0);
}
