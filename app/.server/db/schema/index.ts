export * from "./activity";
export * from "./auth";
export * from "./catalog";
export * from "./commerce";
export * from "./mail";
export * from "./security";
export * from "./support";
