import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { adminMediaKeys, galleryKeys } from "@/api/media";

/** After a change, every admin media list and the public gallery reload. */
export function useRefreshMediaLists() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: adminMediaKeys.all });
    void queryClient.invalidateQueries({ queryKey: galleryKeys.all });
  }, [queryClient]);
}
