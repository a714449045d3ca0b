import { api } from '../../app/api/request';
import type { MerchantOption } from '../../schemas/merchant';
import {
  MANUAL_LENDING_API, WITHDRAWAL_API, type AgentChoice, type CardChoice, type ContactResultChoice, type ContactRow, type ManualLookup,
} from '../../schemas/withdrawal';

/** Calls of the withdrawal screens besides their lists and the registry's actions. */

export const getContactResults = (signal?: AbortSignal) =>
  api.get<ContactResultChoice[]>(WITHDRAWAL_API.contactResults, undefined, { silent: true, signal });

export const getContacts = (orderId: number, signal?: AbortSignal) =>
  api.get<ContactRow[]>(WITHDRAWAL_API.contacts, { order_id: orderId }, { silent: true, signal });

export const getCards = (orderId: number, signal?: AbortSignal) =>
  api.get<CardChoice[]>(WITHDRAWAL_API.cards, { order_id: orderId }, { silent: true, signal });

export const getAgents = (signal?: AbortSignal) => api.get<AgentChoice[]>(WITHDRAWAL_API.agents, undefined, { silent: true, signal });

export const getMerchants = (signal?: AbortSignal) => api.get<MerchantOption[]>('/loanapi/merchant/options', undefined, { silent: true, signal });

export const lookupCustomer = (keyword: string, signal?: AbortSignal) =>
  api.get<ManualLookup>(MANUAL_LENDING_API.lookup, { keyword }, { signal });
