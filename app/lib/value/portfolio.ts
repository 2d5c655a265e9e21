import type { Cents } from "../money";

/** One day of a collector's portfolio (docs/product/value.md "Portfolio"). */
export type PortfolioDay = { day: string; valueCents: Cents; costCents: Cents };

/** The ranges /vault charts the portfolio over, in days. */
export const PORTFOLIO_RANGES = [30, 90, 365] as const;
export type PortfolioRange = (typeof PORTFOLIO_RANGES)[number];
