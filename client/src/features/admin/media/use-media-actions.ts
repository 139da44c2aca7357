import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";

/** After a change, every admin media list and the public gallery reload. */
export function useRefreshMediaLists() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ["/api/admin/media"] });
    void queryClient.invalidateQueries({ queryKey: ["/api/gallery"] });
  }, [queryClient]);
}
