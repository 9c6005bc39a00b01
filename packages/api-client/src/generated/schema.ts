// generated — do not edit. Produced by packages/api-client/scripts/generate.mjs from openapi.json;
// regenerate with `npm run generate:client`.

export interface paths {
    "/api/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Процесс жив */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            status: string;
                            database?: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Готов принимать запросы (база данных доступна) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            status: string;
                            database?: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            status: string;
                            database?: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/setting/feature/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Включённые и выключенные разделы сайта */
        get: operations["getFeatureList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/setting/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Публичные настройки сайта (тема оформления и др.) */
        get: operations["getSettingList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/setting/{key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Одна публичная настройка, например site-theme-current */
        get: operations["getSetting"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/region/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Все субъекты Российской Федерации */
        get: operations["getRegionList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/region/operators": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Операторы, работающие в каждом регионе */
        get: operations["getRegionOperators"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Операторы мобильной связи, постранично */
        get: operations["getOperatorList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Оператор по его адресу (slug) */
        get: operations["getOperator"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/{slug}/logo.svg": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Логотип-монограмма оператора (SVG) */
        get: operations["getOperatorLogo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tariffmediaservice": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Медиасервисы, входящие в тарифы (подписки) */
        get: operations["getTariffMediaServices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tariffconvergenceservice": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Конвергентные услуги: домашний интернет, ТВ и др. */
        get: operations["getTariffConvergenceServices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description Описание ошибки (RFC 9457) */
        Problem: {
            type: string;
            title: string;
            status: number;
            detail?: string;
            errors?: {
                [key: string]: string[];
            };
            requestId?: string;
        };
        FeatureFlag: {
            feature: "Portation" | "EsiaAuth" | "News" | "OperatorPage" | "OperatorsByRegionMap";
            isEnabled: boolean;
        };
        Setting: {
            key: string;
            value: string;
        };
        Region: {
            /** @description Код субъекта РФ (ФНС): 77 — Москва, 78 — Санкт-Петербург */
            code: number;
            slug: string;
            name: string;
            shortName: string;
            federalDistrict: string;
            /** @description Столбец на плиточной карте России */
            gridX: number;
            /** @description Строка на плиточной карте России */
            gridY: number;
        };
        OperatorBrief: {
            id: number;
            slug: string;
            name: string;
            logo: string;
            color: string;
        };
        RegionOperators: {
            regionCode: number;
            regionSlug: string;
            regionName: string;
            operators: components["schemas"]["OperatorBrief"][];
        };
        Operator: {
            id: number;
            slug: string;
            /** @description Торговая марка */
            name: string;
            /** @description Адрес логотипа (монограмма) */
            logo: string;
            /** @description Фирменный цвет, #rrggbb */
            color: string;
            /** @description MNO — своя сеть, MVNO — виртуальный */
            kind: "MNO" | "MVNO";
            inn: string | null;
            site: string | null;
            description: string;
            /** @description В скольких регионах работает */
            regionCount: number;
        };
        OperatorDetail: {
            id: number;
            slug: string;
            /** @description Торговая марка */
            name: string;
            /** @description Адрес логотипа (монограмма) */
            logo: string;
            /** @description Фирменный цвет, #rrggbb */
            color: string;
            /** @description MNO — своя сеть, MVNO — виртуальный */
            kind: "MNO" | "MVNO";
            inn: string | null;
            site: string | null;
            description: string;
            /** @description В скольких регионах работает */
            regionCount: number;
            /** @description Юридические лица в реестре нумерации */
            legalNames: string[];
            regionCodes: number[];
        };
        OperatorPage: {
            data: components["schemas"]["Operator"][];
            /** @description Сколько строк пропущено */
            offset: number;
            /** @description Сколько строк запрошено */
            pageSize: number;
            /** @description Всего строк */
            totalRows: number;
        };
        TariffService: {
            id: number;
            slug: string;
            name: string;
            description: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getFeatureList: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FeatureFlag"][];
                };
            };
            /** @description Описание ошибки (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getSettingList: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Setting"][];
                };
            };
        };
    };
    getSetting: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                key: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Setting"];
                };
            };
            /** @description Описание ошибки (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getRegionList: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Region"][];
                };
            };
        };
    };
    getRegionOperators: {
        parameters: {
            query?: {
                /** @description Только этот регион */
                RegionCode?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RegionOperators"][];
                };
            };
            /** @description Описание ошибки (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getOperatorList: {
        parameters: {
            query: {
                /** @description Сколько строк пропустить */
                Skip: number;
                /** @description Сколько строк вернуть */
                Take: number;
                /** @description Поле сортировки */
                SortBy: "name" | "slug" | "regionCount";
                /** @description По убыванию */
                SortDesc: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OperatorPage"];
                };
            };
            /** @description Описание ошибки (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getOperator: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OperatorDetail"];
                };
            };
            /** @description Описание ошибки (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getOperatorLogo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description SVG */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/svg+xml": string;
                };
            };
            /** @description Описание ошибки (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/svg+xml": components["schemas"]["Problem"];
                };
            };
        };
    };
    getTariffMediaServices: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TariffService"][];
                };
            };
        };
    };
    getTariffConvergenceServices: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TariffService"][];
                };
            };
        };
    };
}
