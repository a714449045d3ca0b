import { lazyScreen, type ScreenMap } from '../screen.types';

/** Screens of the bank area by command id (one lazy chunk): /system/bank and its BIN tab. */
const screen = (name: 'BankScreen' | 'BinScreen') => lazyScreen(() => import('./screens').then((m) => ({ default: m[name] })));

export const screens: ScreenMap = {
  'system.bank': screen('BankScreen'),
  'system.bankBins': screen('BinScreen'),
};
