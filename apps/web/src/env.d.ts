/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly PUBLIC_STORE_NAME?: string;
  readonly PUBLIC_SALES_WHATSAPP?: string;
  readonly PUBLIC_SUPPORT_EMAIL?: string;
  readonly PUBLIC_SUPPORT_PHONE?: string;
  readonly PUBLIC_OFFICE_ADDRESS?: string;
  readonly PUBLIC_GRIEVANCE_OFFICER?: string;
  readonly PUBLIC_GRIEVANCE_EMAIL?: string;
  readonly PUBLIC_BASE_URL?: string;
  readonly PUBLIC_API_BASE_URL?: string;
  readonly PUBLIC_GA_ID?: string;
  readonly PUBLIC_CHAT_WIDGET_TOKEN?: string;
  readonly PUBLIC_FACEBOOK_URL?: string;
  readonly PUBLIC_INSTAGRAM_URL?: string;
  readonly PUBLIC_X_URL?: string;
  readonly PUBLIC_YOUTUBE_URL?: string;
  readonly PUBLIC_LINKEDIN_URL?: string;
  readonly PUBLIC_RATING_VALUE?: string;
  readonly PUBLIC_RATING_COUNT?: string;
  readonly PUBLIC_FOUNDING_YEAR?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** Year of the build, injected by vite.config.ts (`define`). Undefined under vitest. */
declare const __BUILD_YEAR__: number | undefined;
