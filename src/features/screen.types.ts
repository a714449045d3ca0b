import type { ComponentType, LazyExoticComponent } from 'react';

/** Screen components by command id; the router mounts the one whose command matches the path. */
export type ScreenMap = Record<string, LazyExoticComponent<ComponentType>>;
