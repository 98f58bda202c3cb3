// Reported in the User-Agent header.
export const SDK_VERSION = "0.1.0";
