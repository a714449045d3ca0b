import { Group, Kbd, Loader, Modal, Text } from '@mantine/core';
import { Command } from 'cmdk';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { actionsOf, visibleFor, type CommandDef } from '../../../commands';
import { can } from '../../../commands/permissions';
import { scopeSatisfied } from '../../../commands/run';
import { LANGS } from '../../schemas/i18n';
import { runInteractive } from '../commands/runInteractive';
import { selectionStore, type Row } from '../commands/selection';
import { hotkeyCaps } from '../hotkeys/keys';
import { currentLang } from '../intl/lang';
import { screenForPath } from '../router/paths';
import { session } from '../state/session';
import { lookupProviders, runLookups, type LookupItem, type LookupResult } from './lookups';
import { rank, TIER, type Candidate, type Match } from './match';
import classes from './palette.module.css';
import { useOpenPath } from '../router/openPath';

/** Window events: open, toggle or close the palette from anywhere (hotkeys, top bar button, tests). */
export const PALETTE_OPEN_EVENT = 'palette:open';
export const PALETTE_TOGGLE_EVENT = 'palette:toggle';
export const PALETTE_CLOSE_EVENT = 'palette:close';

export function openPalette(): void {
  window.dispatchEvent(new CustomEvent(PALETTE_OPEN_EVENT));
}

type Page = 'language';

const LOOKUP_DEBOUNCE_MS = 200;

function word(intl: IntlShape, id: string, fallback = id): string {
  return id in intl.messages ? intl.formatMessage({ id }) : fallback;
}

/** Look-up results answer the query itself: after title matches, before keyword-only ones. */
const LOOKUP_SCORE = TIER.keyword + 0.995;

/** Everything in its own order for an empty query; otherwise the ranked close matches only. */
function matchAll<T>(query: string, candidates: readonly Candidate<T>[]): Match<T>[] {
  return query ? rank(query, candidates) : candidates.map((c) => ({ item: c.item, title: c.title, score: 0 }));
}

interface Section {
  key: string;
  best: number;
  node: ReactNode;
}

function Hotkey({ hotkey }: { hotkey?: string }) {
  if (!hotkey) return null;
  return (
    <span className={classes.kbd} aria-hidden>
      {hotkeyCaps(hotkey).map((k, i) => (
        <Kbd key={i} size="xs">
          {k}
        </Kbd>
      ))}
    </span>
  );
}

function Row_({ title, description, end }: { title: string; description?: string; end?: ReactNode }) {
  return (
    <>
      <span className={classes.text}>
        <span className={classes.title}>{title}</span>
        {description && <span className={classes.description}>{description}</span>}
      </span>
      {end}
    </>
  );
}

/**
 * The command palette (DESIGN §3): Ctrl/Cmd+K (bound by CommandHotkeys) or the window event 'palette:open'.
 * Groups: the current screen's actions for its selection, screens, settings (language, theme…), look-ups.
 * Everything is filtered by the session's permissions and searched by translated title and keywords.
 */
export function CommandPalette() {
  const intl = useIntl();
  const [location] = useLocation();
  const openPath = useOpenPath();
  const { nodes } = useSnapshot(session);
  const sel = useSnapshot(selectionStore);
  const [opened, setOpened] = useState(false);
  const [pages, setPages] = useState<Page[]>([]);
  const [search, setSearch] = useState('');
  const [lookups, setLookups] = useState<LookupResult[]>([]);
  const [searching, setSearching] = useState(false);
  const page = pages[pages.length - 1];
  const inputRef = useRef<HTMLInputElement>(null);

  const close = useCallback(() => setOpened(false), []);

  useEffect(() => {
    const open = () => setOpened(true);
    const toggle = () => setOpened((o) => !o);
    window.addEventListener(PALETTE_OPEN_EVENT, open);
    window.addEventListener(PALETTE_TOGGLE_EVENT, toggle);
    window.addEventListener(PALETTE_CLOSE_EVENT, close);
    return () => {
      window.removeEventListener(PALETTE_OPEN_EVENT, open);
      window.removeEventListener(PALETTE_TOGGLE_EVENT, toggle);
      window.removeEventListener(PALETTE_CLOSE_EVENT, close);
    };
  }, [close]);

  useEffect(() => {
    if (!opened) {
      setSearch('');
      setPages([]);
      setLookups([]);
    }
  }, [opened]);

  const screenId = sel.screen ?? screenForPath(location)?.id ?? null;
  const rows = (sel.screen === screenId ? sel.rows : []) as readonly Row[];
  const visible = useMemo(() => visibleFor(nodes as string[]), [nodes]);
  const actions = useMemo(() => (screenId ? actionsOf(screenId, nodes as string[]) : []), [screenId, nodes]);
  const screens = useMemo(() => visible.filter((c) => c.kind === 'screen' && c.route), [visible]);
  const settings = useMemo(
    () => visible.filter((c) => c.kind === 'action' && c.scope === 'global' && !c.id.startsWith('settings.language.')),
    [visible],
  );
  const langCode = currentLang().code;

  // Look-ups: asked as the user types (debounced), the previous question cancelled.
  useEffect(() => {
    const q = search.trim();
    if (!opened || page || q.length < 2 || lookupProviders().length === 0) {
      setLookups([]);
      setSearching(false);
      return;
    }
    const ctl = new AbortController();
    setSearching(true);
    const timer = setTimeout(() => {
      runLookups(q, (p) => can(nodes as string[], p.permission ?? null), ctl.signal)
        .then((res) => !ctl.signal.aborted && setLookups(res))
        .finally(() => !ctl.signal.aborted && setSearching(false));
    }, LOOKUP_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      ctl.abort();
    };
  }, [search, opened, page, nodes]);

  const run = (id: string, selection?: readonly Row[]) => {
    close();
    // Let the palette's modal close before a form or confirmation opens.
    setTimeout(() => void runInteractive(id, { intl, selection, navigate: openPath }), 0);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Backspace' && !search && pages.length) {
      e.preventDefault();
      setPages((p) => p.slice(0, -1));
    }
  };

  const titleOf = (c: CommandDef) => word(intl, c.title);
  const areaOf = (c: CommandDef) => (c.area ? word(intl, `menu.${c.area}`, '') : '');
  const query = search.trim();
  const candidate = (c: CommandDef): Candidate<CommandDef> => ({ item: c, title: titleOf(c), keywords: [...(c.keywords ?? []), areaOf(c)] });

  const commandItem = (c: CommandDef, group: string, opts: { disabled?: boolean; description?: string; onSelect: () => void }) => {
    const description = opts.description ?? (c.kind === 'screen' ? areaOf(c) : undefined);
    return (
      <Command.Item
        key={`${group}:${c.id}`}
        value={`${group}:${c.id}`}
        disabled={opts.disabled}
        onSelect={opts.onSelect}
        className={classes.item}
        data-command={c.id}
      >
        <Row_ title={titleOf(c)} description={description} end={<Hotkey hotkey={c.hotkey} />} />
      </Command.Item>
    );
  };

  const languageItems = (group: string) =>
    matchAll(
      query,
      LANGS.map((l) => ({ item: l, title: word(intl, `lang.${l.code}`, l.label), keywords: [l.label, l.code, word(intl, 'palette.group.language'), 'language'] })),
    ).map(({ item: l, title }) => {
      const id = `settings.language.${l.code}`;
      const current = l.code === langCode;
      return (
        <Command.Item
          key={`${group}:${id}`}
          value={`${group}:${id}`}
          disabled={current}
          onSelect={() => run(id)}
          className={classes.item}
          data-command={id}
        >
          <Row_ title={title === l.label ? title : `${title} · ${l.label}`} description={current ? word(intl, 'palette.current') : undefined} />
        </Command.Item>
      );
    });

  const lookupItem = (provider: string, item: LookupItem) => (
    <Command.Item
      key={`lookup:${provider}:${item.id}`}
      value={`lookup:${provider}:${item.id}`}
      className={classes.item}
      onSelect={() => {
        close();
        if (item.route) openPath(item.route);
        item.onSelect?.();
      }}
    >
      <Row_ title={item.label} description={item.description} />
    </Command.Item>
  );

  /** The main page's groups; while searching, the group holding the best match comes first. */
  const sections = (): ReactNode[] => {
    const out: Section[] = [];
    /** A group of ranked hits, placed by its best score; nothing when there are none. */
    const group = <T,>(key: string, heading: string, hits: readonly Match<T>[], item: (hit: T) => ReactNode) => {
      if (!hits.length) return;
      out.push({
        key,
        best: Math.max(...hits.map((m) => m.score)),
        node: (
          <Command.Group key={key} heading={heading} className={classes.group}>
            {hits.map(({ item: x }) => item(x))}
          </Command.Group>
        ),
      });
    };

    group('actions', word(intl, 'palette.group.actions'), matchAll(query, actions.map(candidate)), (c) => {
      const ok = scopeSatisfied(c, rows);
      return commandItem(c, 'action', {
        disabled: !ok,
        description: ok ? undefined : word(intl, c.scope === 'single' ? 'command.needOne' : 'command.needRows'),
        onSelect: () => run(c.id, rows),
      });
    });

    for (const r of lookups)
      out.push({
        key: `lookup:${r.provider.id}`,
        best: LOOKUP_SCORE,
        node: (
          <Command.Group key={`lookup:${r.provider.id}`} heading={word(intl, r.provider.title ?? 'palette.group.lookups')} className={classes.group}>
            {r.items.map((item) => lookupItem(r.provider.id, item))}
          </Command.Group>
        ),
      });

    group('screens', word(intl, 'palette.group.screens'), matchAll(query, screens.map(candidate)), (c) =>
      commandItem(c, 'screen', { onSelect: () => (close(), openPath(c.route!)) }));

    // The language page entry ranks with the settings, as a pseudo-command.
    const languagePage: Candidate<CommandDef | null> = { item: null, title: word(intl, 'palette.language'), keywords: ['language', 'lang'] };
    group('settings', word(intl, 'palette.group.settings'), matchAll<CommandDef | null>(query, [...settings.map(candidate), languagePage]), (c) =>
      c ? (
        commandItem(c, 'setting', { onSelect: () => run(c.id) })
      ) : (
        <Command.Item
          key="page:language"
          value="page:language"
          onSelect={() => {
            setPages((p) => [...p, 'language']);
            setSearch('');
          }}
          className={classes.item}
        >
          <Row_ title={languagePage.title} description={word(intl, `lang.${langCode}`, LANGS.find((l) => l.code === langCode)?.label)} />
        </Command.Item>
      ));

    if (query) {
      const langs = languageItems('lang');
      if (langs.length)
        out.push({
          key: 'languages',
          best: TIER.keyword,
          node: (
            <Command.Group key="languages" heading={word(intl, 'palette.group.language')}>
              {langs}
            </Command.Group>
          ),
        });
      // Stable: equal groups keep their usual order.
      out.sort((a, b) => b.best - a.best);
    }
    return out.map((x) => x.node);
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      withCloseButton={false}
      padding={0}
      size="lg"
      yOffset="12vh"
      radius="md"
      trapFocus
      returnFocus
      aria-label={word(intl, 'palette.title')}
      classNames={{ body: classes.body }}
    >
      {/* cmdk's own fuzzy filter is off: the items are already the ranked close matches (match.ts). */}
      <Command label={word(intl, 'palette.title')} loop shouldFilter={false} onKeyDown={onKeyDown} className={classes.root}>
        <div className={classes.header}>
          {page && (
            <Text
              size="xs"
              c="dimmed"
              className={classes.crumb}
              title={word(intl, 'palette.back')}
              onClick={() => setPages((p) => p.slice(0, -1))}
            >
              ⌫ {word(intl, 'palette.language')}
            </Text>
          )}
          <Command.Input
            ref={inputRef}
            autoFocus
            value={search}
            onValueChange={setSearch}
            placeholder={word(intl, 'palette.placeholder')}
            className={classes.input}
            data-autofocus
          />
          {searching && <Loader size="xs" />}
        </div>
        <Command.List className={classes.list}>
          <Command.Empty className={classes.empty}>{word(intl, searching ? 'palette.searching' : 'palette.empty')}</Command.Empty>
          {page === 'language' && <Command.Group heading={word(intl, 'palette.group.language')}>{languageItems('page')}</Command.Group>}
          {!page && sections()}
        </Command.List>
        <Group className={classes.footer} gap={6} wrap="nowrap">
          <Text size="xs" c="dimmed">
            {word(intl, 'palette.hint')}
          </Text>
        </Group>
      </Command>
    </Modal>
  );
}
