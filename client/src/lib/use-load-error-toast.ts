import { useEffect, useRef } from "react";
import { toast } from "@/lib/use-toast";

interface LoadState {
  isError: boolean;
  errorUpdatedAt: number;
}

/** One "Error" toast per failed load (docs/product.md §8, load failures); a later failure toasts again. */
export function useLoadErrorToast({ isError, errorUpdatedAt }: LoadState, description: string): void {
  const shownFor = useRef(0);
  useEffect(() => {
    if (!isError || shownFor.current === errorUpdatedAt) return;
    shownFor.current = errorUpdatedAt;
    toast({ title: "Error", description, variant: "destructive" });
  }, [isError, errorUpdatedAt, description]);
}
