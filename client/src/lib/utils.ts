import { type ClassValue, clsx } from "clsx";
import { twMerge } from "./tailwind-merge-config";

export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
