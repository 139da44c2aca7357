import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PriceListItem, PriceListItemRemoved } from "@common/contract/price-list";
import type { NewPriceListItem, PriceListItemChange } from "@common/price-list";
import { priceListKeys } from "@/api/price-list";
import { send } from "@/lib/api";

type ItemAnswer = { success: true; data: PriceListItem };

/** Every write reloads every list of the price list: the screen's and the estimate builder's search. */
function usePriceListWrite<Input, Output>(write: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: write, onSettled: () => queryClient.invalidateQueries({ queryKey: priceListKeys.all }) });
}

/** POST /api/admin/price-list: the item, or the refusal and its field errors. */
export const useAddPriceListItem = () => usePriceListWrite((body: NewPriceListItem) => send<ItemAnswer>("POST", priceListKeys.all[0], { body }));

/** PATCH /api/admin/price-list/{id}: its fields, or `archived` to stop or restart offering it. */
export const useChangePriceListItem = () =>
  usePriceListWrite(({ id, change }: { id: number; change: PriceListItemChange }) =>
    send<ItemAnswer>("PATCH", `${priceListKeys.all[0]}/${id}`, { body: change }),
  );

/** DELETE /api/admin/price-list/{id}: deleted, or archived when an estimate line refers to it. */
export const useRemovePriceListItem = () => usePriceListWrite((id: number) => send<PriceListItemRemoved>("DELETE", `${priceListKeys.all[0]}/${id}`));
