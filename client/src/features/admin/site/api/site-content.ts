import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Badge, SocialLink, Testimonial } from "@common/contract/site-content";
import type { BadgeInput, BadgeUpdate } from "@common/site-badges";
import type { SocialLinksInput, TestimonialInput, TestimonialUpdate } from "@common/site-content";
import { badgeKeys, socialLinkKeys, testimonialKeys } from "@/api/site-content";
import { type Answer, send } from "@/lib/api";
import { useListQuery } from "@/lib/list-query";

type Written<T> = { success: true; message: string; data: T };

/** GET /api/admin/testimonials: all of them, in the home page's order. */
export const useAdminTestimonials = () => useListQuery<Testimonial>(testimonialKeys.all);

/** GET /api/admin/social-links: the profiles stored. */
export const useAdminSocialLinks = () => useListQuery<SocialLink>(socialLinkKeys.all);

/** A write to the testimonials; the list reloads after each, whatever the answer. */
function useTestimonialWrite<Input, Out>(write: (input: Input) => Promise<Answer<Out>>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: write, onSettled: () => queryClient.invalidateQueries({ queryKey: testimonialKeys.all }) });
}

/** POST /api/admin/testimonials. */
export const useAddTestimonial = () =>
  useTestimonialWrite((input: TestimonialInput) => send<Written<Testimonial>>("POST", "/api/admin/testimonials", { body: input }));

/** PATCH /api/admin/testimonials/:id: its words, or published. */
export const useUpdateTestimonial = () =>
  useTestimonialWrite(({ id, ...changes }: TestimonialUpdate & { id: number }) =>
    send<Written<Testimonial>>("PATCH", `/api/admin/testimonials/${id}`, { body: changes }),
  );

/** POST /api/admin/testimonials/:id/move. */
export const useMoveTestimonial = () =>
  useTestimonialWrite(({ id, direction }: { id: number; direction: "up" | "down" }) =>
    send<Written<Testimonial[]>>("POST", `/api/admin/testimonials/${id}/move`, { body: { direction } }),
  );

/** DELETE /api/admin/testimonials/:id. */
export const useDeleteTestimonial = () =>
  useTestimonialWrite((id: number) => send<{ success: true; message: string }>("DELETE", `/api/admin/testimonials/${id}`));

/** PUT /api/admin/social-links: every network's address at once. */
export function useSaveSocialLinks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SocialLinksInput) => send<Written<SocialLink[]>>("PUT", "/api/admin/social-links", { body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: socialLinkKeys.all }),
  });
}

/** GET /api/admin/badges: all of them, in the public pages' order, each saying whether it has lapsed. */
export const useAdminBadges = () => useListQuery<Badge>(badgeKeys.all);

/** A write to the badges; the list reloads after each, whatever the answer. */
function useBadgeWrite<Input, Out>(write: (input: Input) => Promise<Answer<Out>>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: write, onSettled: () => queryClient.invalidateQueries({ queryKey: badgeKeys.all }) });
}

/** POST /api/admin/badges. */
export const useAddBadge = () => useBadgeWrite((input: BadgeInput) => send<Written<Badge>>("POST", "/api/admin/badges", { body: input }));

/** PATCH /api/admin/badges/:id: its fields, or shown. */
export const useUpdateBadge = () =>
  useBadgeWrite(({ id, ...changes }: BadgeUpdate & { id: number }) => send<Written<Badge>>("PATCH", `/api/admin/badges/${id}`, { body: changes }));

/** POST /api/admin/badges/:id/move. */
export const useMoveBadge = () =>
  useBadgeWrite(({ id, direction }: { id: number; direction: "up" | "down" }) =>
    send<Written<Badge[]>>("POST", `/api/admin/badges/${id}/move`, { body: { direction } }),
  );

/** DELETE /api/admin/badges/:id. */
export const useDeleteBadge = () => useBadgeWrite((id: number) => send<{ success: true; message: string }>("DELETE", `/api/admin/badges/${id}`));
