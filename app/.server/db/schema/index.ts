export * from "./activity";
export * from "./catalog";
export * from "./support";
