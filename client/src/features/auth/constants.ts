/** docs/product.md §9: after a successful reset the screen returns to /login after 2 seconds. */
export const RESET_REDIRECT_DELAY_MS = 2000;

/** docs/product.md §9: in development without mail, the reset link opens in a new tab after 1 second. */
export const DEV_RESET_LINK_OPEN_DELAY_MS = 1000;

/** docs/product.md §8: the descriptions used when the server gives no message of its own. */
export const AUTH_FALLBACKS = {
  login: "Please check your credentials",
  register: "Please try with different credentials",
  forgotPassword: "Failed to send password reset email",
  resetPassword: "Failed to reset password",
  network: "Network error. Please try again.",
  invalidResetLink: "Invalid reset link. Please request a new password reset.",
} as const;

/** docs/product.md §8: what logging in and registering toast. */
export const SIGN_IN_TOASTS = {
  login: {
    welcome: { title: "Welcome back", description: "Logged in successfully" },
    failure: { title: "Login failed", fallback: AUTH_FALLBACKS.login },
  },
  register: {
    welcome: { title: "Account created", description: "Welcome to SkyVantage" },
    failure: { title: "Registration failed", fallback: AUTH_FALLBACKS.register },
  },
} as const;
