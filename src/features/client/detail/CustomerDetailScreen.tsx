import { Alert, Badge, Button, Group, Kbd, NumberInput, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { useLocation, useSearch } from 'wouter';
import { CUSTOMER_DETAIL_SCREEN, CUSTOMER_NODES } from '../../../../commands/customer.commands';
import { can } from '../../../../commands/permissions';
import { useCommandUi, useScreenSelection } from '../../../app/commands';
import { dialogOpen, typingTarget } from '../../../app/hotkeys/CommandHotkeys';
import { session } from '../../../app/state/session';
import { setViewLabel } from '../../../app/state/tags';
import { DETAIL_SECTIONS, EDITABLE_FIELDS, type CustomerDetail, type DetailSection, type EditableFieldName } from '../../../schemas/customer';
import { DISBURSED_STATUSES, type OrderStatus as OrderStatusName } from '../../../schemas/order';
import { Later } from '../../../ui/Later';
import { useRemote } from '../../../ui/useRemote';
import { ReviewPanel } from '../../review/panel';
import { CustomerDownloads } from '../../statement/CustomerDownloads';
import { useCustomerForceLogout } from '../../customerSession/useCustomerForceLogout';
import { CallDialog } from './CallDialog';
import { customerApi } from './customerDetail.api';
import { DetailContext, type CallRequest, type DetailCtx } from './DetailContext';
import { EditFieldDialog } from './EditFieldDialog';
import { Copy, Money, Phone, SectionCard, useWord } from './parts';
import { currentSection, loadCollapsed, parseDetailParams, saveCollapsed, sectionKeyStep, stepSection, type DetailParams } from './sectionNav';
import classes from './detail.module.css';
import { AuthSection } from './sections/AuthSection';
import { BankCardsSection } from './sections/BankCardsSection';
import { BlacklistSection } from './sections/BlacklistSection';
import { CallsSection } from './sections/CallsSection';
import { CarrierSection } from './sections/CarrierSection';
import { CoDebtSection } from './sections/CoDebtSection';
import { CollectionSection } from './sections/CollectionSection';
import { CommentsPanel, type CommentsPanelHandle } from './sections/CommentsPanel';
import { CompanySection } from './sections/CompanySection';
import { ContactsSection } from './sections/ContactsSection';
import { DeviceSection } from './sections/DeviceSection';
import { DocumentsSection } from './sections/DocumentsSection';
import { EmergencySection } from './sections/EmergencySection';
import { ExtensionsSection } from './sections/ExtensionsSection';
import { LoanSection, OrderStatus } from './sections/LoanSection';
import { LocationSection } from './sections/LocationSection';
import { MultiLenderSection } from './sections/MultiLenderSection';
import { OrdersSection } from './sections/OrdersSection';
import { ReductionsSection } from './sections/ReductionsSection';
import { RepaymentsSection } from './sections/RepaymentsSection';
import { ReviewsSection } from './sections/ReviewsSection';
import { RiskSection } from './sections/RiskSection';
import { ScorecardSection } from './sections/ScorecardSection';
import { SmsSection } from './sections/SmsSection';
import { UserSection } from './sections/UserSection';

interface SectionDef {
  id: DetailSection;
  Body?: ComponentType;
  count?: (d: CustomerDetail) => number | string | null;
}

const capped = (p: { total: number; capped: boolean }) => (p.capped ? `${p.total}+` : p.total);

/** The sections in spec §2's order; comments last (their body needs the panel's handle). */
export const SECTIONS: SectionDef[] = [
  { id: 'user', Body: UserSection },
  { id: 'company', Body: CompanySection },
  { id: 'emergency', Body: EmergencySection, count: (d) => d.emergency_contacts.length },
  { id: 'documents', Body: DocumentsSection, count: (d) => d.documents.photos.length + d.documents.videos.length },
  { id: 'auth', Body: AuthSection, count: (d) => d.auth_records.length },
  { id: 'location', Body: LocationSection, count: (d) => capped(d.locations) },
  { id: 'contacts', Body: ContactsSection, count: (d) => capped(d.contacts) },
  { id: 'sms', Body: SmsSection, count: (d) => capped(d.sms) },
  { id: 'calls', Body: CallsSection, count: (d) => capped(d.calls) },
  { id: 'carrier', Body: CarrierSection },
  { id: 'loan', Body: LoanSection },
  { id: 'orders', Body: OrdersSection, count: (d) => d.orders.length },
  { id: 'extensions', Body: ExtensionsSection, count: (d) => d.extensions.length },
  { id: 'reviews', Body: ReviewsSection, count: (d) => d.credit_reviews.length },
  { id: 'bankCards', Body: BankCardsSection, count: (d) => d.bank_cards.length },
  { id: 'repayments', Body: RepaymentsSection, count: (d) => d.repayments.length },
  { id: 'reductions', Body: ReductionsSection, count: (d) => d.reductions.length },
  { id: 'collection', Body: CollectionSection, count: (d) => (d.collection_logs_total > d.collection_logs.length ? `${d.collection_logs.length}+` : d.collection_logs.length) },
  { id: 'scorecard', Body: ScorecardSection },
  { id: 'device', Body: DeviceSection, count: (d) => d.devices.length },
  { id: 'risk', Body: RiskSection, count: (d) => d.risk_report.length },
  { id: 'multiLender', Body: MultiLenderSection, count: (d) => d.multi_lender.length },
  { id: 'coDebt', Body: CoDebtSection, count: (d) => d.co_debt.length },
  { id: 'blacklist', Body: BlacklistSection },
  { id: 'comments', count: (d) => d.comments_total },
];
if (SECTIONS.map((s) => s.id).join() !== DETAIL_SECTIONS.join()) throw new Error('customer detail: sections out of step with DETAIL_SECTIONS');

/** Sections whose bodies are drawn with the header; the rest come right after the first paint (`Later`). */
const FIRST_SECTIONS = 2;

/** Header line under the sticky top bar: where a jumped-to section lands. */
const JUMP_LINE = 100;

/**
 * The shared customer-detail view (spec §2): /example/orderDetails?client=&name=&phone= and
 * /details/reviewDetails?customer_id=&id=&type=&tags=&phone=. Without a customer in the query it asks for one.
 */
export default function CustomerDetailScreen() {
  const search = useSearch();
  const params = useMemo(() => parseDetailParams(search), [search]);
  // Both detail routes publish as the one detail screen, so its actions (edit, comment) are live on either.
  useScreenSelection(CUSTOMER_DETAIL_SCREEN);
  if (!params.customerId) return <OpenCustomer />;
  return <CustomerDetailView key={params.customerId} params={params} customerId={params.customerId} />;
}

/** Detail route opened without a customer (palette, typed URL): ask for the customer id. */
function OpenCustomer() {
  const word = useWord();
  const [location, navigate] = useLocation();
  const [id, setId] = useState<number | string>('');
  const go = () => Number(id) > 0 && navigate(`${location}?${location.startsWith('/details') ? 'customer_id' : 'client'}=${Number(id)}`);
  return (
    <Paper withBorder p="md" radius="sm" maw={420} data-testid="customer-open">
      <Stack gap="sm">
        <Title order={2} size="h5">{word('customer.open.title')}</Title>
        <Text size="sm" c="dimmed">{word('customer.open.hint')}</Text>
        <Group gap="xs" align="flex-end">
          <NumberInput label={word('customer.open.id')} value={id} onChange={setId} min={1} allowDecimal={false} hideControls data-autofocus
            onKeyDown={(e) => e.key === 'Enter' && go()} />
          <Button onClick={go} disabled={!(Number(id) > 0)}>{word('customer.open.go')}</Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function CustomerDetailView({ params, customerId }: { params: DetailParams; customerId: number }) {
  const word = useWord();
  const [location] = useLocation();
  const { nodes } = useSnapshot(session);
  const remote = useRemote((signal) => customerApi.detail(customerId, { signal, silent: true }), [customerId], () => customerApi.detailArrived(customerId));
  const [detail, setDetail] = useState<CustomerDetail | null>(remote.data ?? null);
  useEffect(() => {
    if (remote.data) setDetail(remote.data);
  }, [remote.data]);

  // Spec §2: the title is the query `name`; a link without one gets the customer's name once known.
  useEffect(() => {
    if (!params.name && detail) setViewLabel(location, detail.customer.name);
  }, [params.name, detail, location]);

  const canEdit = can(nodes as string[], CUSTOMER_NODES.editField);
  const saveField = useCallback(async (field: EditableFieldName, value: string) => {
    if (!detail) return '';
    const { data, msg } = await customerApi.editField({ phone: detail.customer.phone, customer_id: customerId, field_name: field, field_value: value });
    setDetail((d) => {
      if (!d) return d;
      const raw = data.field_value;
      const stored = field === 'children_count' || field === 'residence_months' ? Number(raw) : field === 'birth_date' ? raw || null : raw;
      return EDITABLE_FIELDS[field].section === 'company' ? { ...d, company: { ...d.company, [field]: stored } } : { ...d, customer: { ...d.customer, [field]: stored } };
    });
    return msg;
  }, [detail, customerId]);

  const [callReq, setCallReq] = useState<CallRequest | null>(null);
  const [editOpen, setEditOpen] = useState(false);
  const [commentsTotal, setCommentsTotal] = useState<number | null>(null);
  const comments = useRef<CommentsPanelHandle>(null);
  const [collapsed, setCollapsed] = useState<Set<DetailSection>>(() => loadCollapsed());
  const [active, setActive] = useState<DetailSection | null>(null);

  const toggle = useCallback((id: DetailSection) => {
    setCollapsed((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      saveCollapsed(next);
      return next;
    });
  }, []);

  /** Until then, scrolling is the jump's own animation: the current section stays the jump's target. */
  const jumpUntil = useRef(0);
  const jump = useCallback((id: DetailSection) => {
    const el = document.getElementById(`cd-${id}`);
    if (!el) return;
    jumpUntil.current = Date.now() + 900;
    el.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    el.querySelector<HTMLButtonElement>('[data-section-toggle]')?.focus({ preventScroll: true });
    setActive(id);
  }, []);

  // The current section follows the scroll position.
  useEffect(() => {
    if (!detail) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      if (Date.now() < jumpUntil.current) return;
      const tops = [...document.querySelectorAll<HTMLElement>('[data-section]')].map((el) => ({ id: el.dataset.section as DetailSection, top: el.getBoundingClientRect().top }));
      const cur = currentSection(tops, JUMP_LINE);
      if (cur) setActive(cur);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    // In the next frame, with the layout the browser makes for it anyway (measuring now would force a layout of the
    // whole page before its first paint).
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true, capture: true });
    return () => {
      window.removeEventListener('scroll', onScroll, { capture: true });
      if (frame) cancelAnimationFrame(frame);
    };
  }, [detail]);

  // [ and ] jump between sections (not while typing or while a dialog or popover is open).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const step = sectionKeyStep(e);
      if (!step || typingTarget(e.target as Element | null) || typingTarget(document.activeElement) || dialogOpen()) return;
      const next = stepSection(DETAIL_SECTIONS, active, step);
      if (!next) return;
      e.preventDefault();
      jump(next);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active, jump]);

  useCommandUi('customer.editField', () => setEditOpen(true));
  useCustomerForceLogout(customerId);
  useCommandUi('customer.comment.add', () => {
    setCollapsed((prev) => {
      if (!prev.has('comments')) return prev;
      const next = new Set(prev);
      next.delete('comments');
      return next;
    });
    jump('comments');
    setTimeout(() => comments.current?.focusInput(), 250);
  });

  const ctx = useMemo<DetailCtx | null>(() => (detail ? { detail, canEdit, saveField, call: setCallReq } : null), [detail, canEdit, saveField]);

  if (remote.error && !detail) {
    return (
      <Alert color="red" title={word('shell.screen.loadFailed')} data-testid="customer-detail-error">
        <Group justify="space-between">
          <Text size="sm">{remote.error}</Text>
          <Button size="compact-sm" variant="default" onClick={remote.reload}>{word('list.retry')}</Button>
        </Group>
      </Alert>
    );
  }
  if (!detail || !ctx) {
    return (
      <Stack gap="xs" data-testid="customer-detail-loading">
        <Skeleton h={72} radius="sm" />
        {Array.from({ length: 4 }, (_, i) => <Skeleton key={i} h={120} radius="sm" />)}
      </Stack>
    );
  }

  // Review details of an order: the review area's panel fills the first screen, the sections all come after it.
  const reviewing = location.startsWith('/details/reviewDetails') && !!params.orderId;
  const counts = (s: SectionDef) => (s.id === 'comments' ? commentsTotal ?? detail.comments_total : s.count?.(detail) ?? null);
  return (
    <DetailContext.Provider value={ctx}>
      <div className={classes.layout} data-testid="customer-detail">
        <div className={classes.main}>
          <Header detail={detail} params={params} />
          <CustomerDownloads customerId={customerId} orderId={params.orderId ?? detail.loan?.id ?? null} />
          {/* /details/reviewDetails of an order: the review area's panel (order, scoring, records, decision). */}
          {reviewing && params.orderId && (
            <Suspense fallback={<Skeleton h={180} radius="sm" />}>
              <ReviewPanel orderId={params.orderId} type={params.type} />
            </Suspense>
          )}
          {SECTIONS.map((s, i) => (
            <SectionCard key={s.id} id={s.id} title={`customer.section.${s.id}`} count={counts(s)} collapsed={collapsed.has(s.id)} onToggle={toggle}>
              <Later now={!reviewing && i < FIRST_SECTIONS}>
                {s.Body ? <s.Body /> : <CommentsPanel ref={comments} customerId={customerId} onCount={setCommentsTotal} />}
              </Later>
            </SectionCard>
          ))}
        </div>
        <nav className={classes.nav} aria-label={word('customer.nav.title')} data-testid="section-nav">
          <Text size="xs" fw={600} c="dimmed" px={8} py={4}>{word('customer.nav.title')}</Text>
          {SECTIONS.map((s) => {
            const n = counts(s);
            return (
              <button key={s.id} type="button" className={classes.navItem} data-active={active === s.id || undefined} aria-current={active === s.id ? 'location' : undefined} onClick={() => jump(s.id)}>
                <span>{word(`customer.section.${s.id}`)}</span>
                {n !== null && n !== 0 && <span dir="ltr">{n}</span>}
              </button>
            );
          })}
          <Text size="xs" c="dimmed" px={8} pt={6}>
            <Kbd size="xs">[</Kbd> <Kbd size="xs">]</Kbd> {word('customer.nav.keys')}
          </Text>
        </nav>
      </div>
      <CallDialog customerId={customerId} request={callReq} masked={detail.masked} onClose={() => setCallReq(null)} />
      <EditFieldDialog opened={editOpen} detail={detail} onClose={() => setEditOpen(false)} save={saveField} />
    </DetailContext.Provider>
  );
}

/** Who the customer is at a glance: name, code, phone (copy, call), ID, merchant, flags, the current loan. */
function Header({ detail, params }: { detail: CustomerDetail; params: DetailParams }) {
  const word = useWord();
  const intl = useIntl();
  const c = detail.customer;
  const loan = detail.loan;
  // Before the payout an order has no debt yet: show what was asked for instead.
  const owes = loan && DISBURSED_STATUSES.includes(loan.status as OrderStatusName);
  return (
    <Paper withBorder radius="sm" p="sm" data-testid="customer-header">
      <Group justify="space-between" align="flex-start" gap="md" wrap="nowrap">
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          <Group gap="xs" wrap="wrap">
            <Title order={2} size="h4" data-testid="customer-name">{c.name}</Title>
            <Badge variant="light" color={c.loan_count > 0 ? 'teal' : 'blue'} radius="sm" tt="none">{word(c.loan_count > 0 ? 'customer.returning' : 'customer.newCustomer')}</Badge>
            {detail.blacklist.blacklisted && <Badge color="red" radius="sm" tt="none">{word('customer.blacklisted')}</Badge>}
            {c.whitelisted && <Badge color="grape" variant="light" radius="sm" tt="none">{word('customer.field.whitelisted')}</Badge>}
            {c.labels.map((l) => <Badge key={l.id} color={l.mark_color || 'gray'} variant="light" radius="sm" tt="none">{l.label_name}</Badge>)}
            {detail.masked && <Badge color="gray" variant="outline" radius="sm" tt="none">{word('customer.masked')}</Badge>}
          </Group>
          <Group gap="md" wrap="wrap">
            <Group gap={4} wrap="nowrap"><Text size="xs" c="dimmed">{word('customer.field.code')}</Text><Copy text={c.code} /></Group>
            <Group gap={4} wrap="nowrap"><Text size="xs" c="dimmed">{word('customer.field.phone')}</Text><Phone phone={c.phone} target="customer" name={c.name} /></Group>
            <Group gap={4} wrap="nowrap"><Text size="xs" c="dimmed">{word('customer.field.id_number')}</Text><Copy text={c.id_number} /></Group>
            <Group gap={4} wrap="nowrap"><Text size="xs" c="dimmed">{word('customer.field.merchant')}</Text><Text size="sm">{c.merchant_name}</Text></Group>
          </Group>
          {/* Opened from a review queue: that queue's title (type and tags are the route's internals, not words). */}
          {params.type && `route.review.${params.type}` in intl.messages && (
            <Text size="xs" c="dimmed" data-testid="review-context">{intl.formatMessage({ id: `route.review.${params.type}` })}</Text>
          )}
        </Stack>
        {loan && (
          <Stack gap={2} align="flex-end" style={{ flex: '0 0 auto' }}>
            <Group gap={6} wrap="nowrap">
              <Text size="xs" c="dimmed" dir="ltr">{loan.order_no}</Text>
              <OrderStatus status={loan.status} />
            </Group>
            <Group gap={4} wrap="nowrap">
              <Text size="xs" c="dimmed">{word(owes ? 'customer.field.remaining_debt' : 'customer.field.application_amount')}</Text>
              <Text fw={700} size="lg"><Money minor={owes ? loan.remaining_debt_minor : loan.application_amount_minor} currency={loan.currency} /></Text>
            </Group>
            {loan.overdue_days > 0 && <Text size="xs" c="red">{word('customer.overdueDays', undefined, { n: loan.overdue_days })}</Text>}
          </Stack>
        )}
      </Group>
    </Paper>
  );
}
