/** GET /loanapi/merchant/options: the merchants the signed-in account may work with. */
export interface MerchantOption {
  id: number;
  name: string;
  code: string;
  parent_id: number | null;
}
