import type { MessageResponse } from "@common/contract/wire";
import { shareApiUrl } from "@common/share-links";
import { type Answer, send } from "@/lib/api";

/** POST /api/share/:token/pin: a right PIN sets the link's cookie; a wrong one is 403 naming `pin`, too many 429. */
export const enterPin = (token: string, pin: string): Promise<Answer<MessageResponse>> =>
  send<MessageResponse>("POST", `${shareApiUrl(token)}/pin`, { body: { pin } });
