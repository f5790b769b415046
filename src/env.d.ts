/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** SPEC §8's toast for this render's failed provider calls (the shell shows it); set by src/middleware.ts. */
    serverToast?: () => string | null;
  }
}
