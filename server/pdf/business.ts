import type { Config } from "../config";
import type { DocumentBusiness } from "./types";

/** The business every document is issued by: the site's name, phone and e-mail, and BUSINESS_ADDRESS and BUSINESS_LOGO_PATH. */
export function documentBusinessOf(config: Pick<Config, "site" | "business">): DocumentBusiness {
  return {
    name: config.site.businessName,
    address: config.business.address,
    phone: config.site.businessPhone,
    email: config.site.businessEmail,
    ...(config.business.logo ? { logo: config.business.logo } : {}),
  };
}
