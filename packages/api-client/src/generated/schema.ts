// generated — do not edit. Produced by packages/api-client/scripts/generate.mjs from openapi.json;
// regenerate with `npm run generate:client`.

export interface paths {
    "/api/v1/staff/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Роли вошедшего сотрудника (404, если ролей нет) */
        get: operations["getStaffMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/staff/people": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Сотрудники и их роли */
        get: operations["getStaffPeople"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/staff/people/{oid}/roles/{role}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Выдать роль человеку по его oid в ЕСИА */
        put: operations["grantStaffRole"];
        post?: never;
        /** Снять роль (последнего администратора снять нельзя) */
        delete: operations["revokeStaffRole"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/staff/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Журнал действий сотрудников, сначала новые, с фильтрами */
        get: operations["getStaffAudit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/staff/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Очередь фоновых задач: ждут, выполняются, не удались */
        get: operations["getStaffJobs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/staff/jobs/{queue}/{id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Повторить неудавшуюся задачу */
        post: operations["retryStaffJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/order/portation/init": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Шаг 1: создать заявление на перенос номера (вход не нужен)
         * @description Номер должен быть мобильным номером плана нумерации, не переносившимся последние 60 дней, без незавершённого заявления. Заявление без входа принадлежит браузеру, в котором создано (подписанная cookie): после входа его можно продолжить. Шаг называет оператора и регион номера, как проверка номера, поэтому расходует одну проверку из того же лимита (429 quota-exceeded, когда он исчерпан); неверно записанный или не мобильный номер лимит не расходует. Новых заявлений в день — не больше 10 на человека (или браузер без входа) и 5 на номер, как бы они ни открывались (шаг 1, «Подать заново»): сверх — 429 rate-limited.
         */
        post: operations["initPortationOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/order/portation/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Заявление на перенос (только его владельцу) */
        get: operations["getPortationOrder"];
        /** Шаги 2–3: новый оператор, тариф, дата переноса, почта */
        put: operations["updatePortationOrder"];
        post?: never;
        /**
         * Удалить черновик или отозвать заявление (пока окно переноса не назначено)
         * @description Черновик удаляется сразу. Отправленное заявление отзывается, только если БДПН подтвердила отзыв (до назначения окна переноса): тогда 204 и номер не будет перенесён; иначе 400 с причиной, или 503, если БДПН не ответила (заявление остаётся в силе). Повторный отзыв отозванного — снова 204; заявление, которое уже закрыл кто-то другой (отказ оператора или БДПН, истёкший срок), — 409 с причиной.
         */
        delete: operations["deletePortationOrder"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/order/portation/{id}/code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Шаг 3: прислать код подтверждения номера по SMS
         * @description Нужен, если переносимый номер не подтверждён в Госуслугах. Код из 6 цифр действует 10 минут, 5 попыток ввода; новый код — не чаще раза в минуту и не больше 5 раз в день.
         */
        post: operations["sendPortationCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/order/portation/{id}/submit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Шаг 3: подписать и отправить заявление
         * @description Номер должен быть подтверждённым номером из Госуслуг или подтверждён кодом из SMS. Заявление уходит в БДПН, его статус — PendingBDPN.
         */
        put: operations["submitPortationOrder"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/order/portation/{id}/offices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Шаг 3: офисы нового оператора в регионе номера, где выдают SIM-карту */
        get: operations["getPortationOffices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/order/portation/{id}/terms": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Шаг 3: условия договора с новым оператором и плата за перенос
         * @description Редакцию условий (`version`) нужно передать при отправке заявления как `contractVersion`.
         */
        get: operations["getPortationTerms"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/order/portation/{id}/calendar.ics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Ночь переноса для календаря (iCalendar)
         * @description Одно событие — окно переноса (00:00–06:00 МСК): что будет и что делать, если утром новая SIM-карта не работает. Только владельцу заявления. Не больше 30 скачиваний в минуту вместе с другим документом заявления (429). ETag — версия документа: с If-None-Match той же версии ответ 304 без тела.
         */
        get: operations["getPortationCalendar"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/order/portation/{id}/application.pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Заявление на перенос в PDF — распечатать или сохранить
         * @description Только владельцу заявления. Не больше 30 скачиваний в минуту вместе с другим документом заявления (429). ETag — версия документа: с If-None-Match той же версии ответ 304 без тела.
         */
        get: operations["getPortationApplicationPdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/order/portation/{id}/refile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Подать заново: новое заявление с теми же выбором оператора, тарифа, SIM-карты и почтой
         * @description Только для отменённого или отклонённого заявления. Новое заявление — черновик с ближайшей датой переноса; отказывает так же, как шаг 1 (60 дней после переноса, незавершённое заявление), и расходует то же, что шаг 1: одну проверку номера (429 quota-exceeded) и одно из новых заявлений дня — 10 на человека, 5 на номер (429 rate-limited).
         */
        post: operations["refilePortationOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/account/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Поток изменений заявлений и переносов пользователя (Server-Sent Events)
         * @description text/event-stream: событие `portation` с данными { orderId, portationId, msisdn, status } при каждом изменении, комментарий раз в 20 с. Не больше 5 потоков на сеанс входа (429); поток закрывается, когда сеанс завершён (выход, удаление данных).
         */
        get: operations["getAccountEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/staff/porting/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Заявления в работе (отправленные, перенос ещё не закончен) или зависшие (прошло больше, чем позволяет процесс), сначала ждущие дольше; просмотр записывается в журнал */
        get: operations["listStaffPortingOrders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/staff/porting/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Найти заявления по номеру заявления или номеру телефона (поиск записывается в журнал) */
        get: operations["findStaffPortingOrders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/staff/porting/orders/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Заявление: ход, сообщения БДПН, отправленные уведомления (просмотр записывается в журнал) */
        get: operations["getStaffPortingOrder"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/staff/porting/orders/{id}/personal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Персональные данные заявителя (каждый просмотр записывается в журнал) */
        get: operations["getStaffPortingPersonal"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/staff/porting/orders/{id}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Отправить последнее уведомление ещё раз */
        post: operations["resendStaffPortingNotification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/staff/porting/orders/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Отменить зависшее заявление; причину получит абонент */
        post: operations["cancelStaffPortingOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/order/portation/{id}/signature": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Подпись заявления в Госключе: не отправлялось, ждёт, подписано, отказ, срок истёк, не принята
         * @description Только владельцу заявления; status none — заявление на подпись ещё не отправлялось. Подписанное заявление скачивается как application.pdf, подпись — application.pdf.sig.
         */
        get: operations["getPortationSignature"];
        put?: never;
        /**
         * Шаг 3: отправить заявление на подпись в Госключ
         * @description Только при включённом разделе Goskey. Сайт составляет PDF заявления с условиями договора и согласием (тот же документ, что в личном кабинете) и отправляет его в Госключ заявителю; подписать нужно за 15 минут. Пока подпись ждёт ответа, новая не начинается (400). Заявление должно быть заполнено: оператор, тариф, дата, способ получения SIM-карты. 503 — Госключ недоступен.
         */
        post: operations["startPortationSignature"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/order/portation/{id}/application.pdf.sig": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Подпись заявления из Госключа (CMS, отсоединённая, ГОСТ Р 34.10-2012)
         * @description Владельцу заявления и поддержке (просмотр записывается в журнал); остальным — 404. Проверка: `openssl cms -verify -engine gost -binary -inform DER -in application.pdf.sig -content application.pdf -CAfile root.pem`.
         */
        get: operations["getPortationApplicationSignature"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/staff/porting/orders/{id}/signature": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Подпись заявления в Госключе: кто подписал, сертификат, срок его действия (просмотр записывается в журнал) */
        get: operations["getStaffPortingSignature"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/staff/porting/orders/{id}/signature/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Проверить подпись заново: по сохранённому PDF, доверенным корневым сертификатам и заявителю */
        post: operations["verifyStaffPortingSignature"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/staff/porting/orders/{id}/application.pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Подписанное заявление (PDF, ровно то, что подписано; скачивание записывается в журнал) */
        get: operations["getStaffPortingSignedPdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/staff/porting/orders/{id}/application.pdf.sig": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Подпись заявления (CMS, DER; скачивание записывается в журнал) */
        get: operations["getStaffPortingSignatureFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/account/erasure": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Можно ли сейчас удалить мои данные, и какие переносы этому мешают */
        get: operations["getMyDataErasure"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Удалить мои данные: профиль, паспорт, адреса, номера кабинета и сеансы входа
         * @description Отказывает (400 с причиной), пока идёт перенос номера. История заявлений остаётся обезличенной. Подтверждение приходит письмом на почту из Госуслуг; после удаления можно войти заново — как новый пользователь.
         */
        delete: operations["deleteMyData"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Процесс жив */
        get: operations["getHealth"];
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
        get: operations["getReady"];
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
    "/api/v1/staff/flags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Разделы сайта: включены ли и что пропадёт при выключении */
        get: operations["getStaffFlags"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/staff/flags/{feature}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Включить или выключить раздел (все узлы узнают за 2 с) */
        put: operations["switchStaffFlag"];
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
    "/api/v1.1/operator/tile/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Карточки операторов: число тарифов и самая низкая цена (регион по коду) */
        get: operations["getOperatorTileListV11"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1.2/operator/tile/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Карточки операторов: число тарифов и самая низкая цена (регион по адресу) */
        get: operations["getOperatorTileListV12"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operator/tile/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Карточка одного оператора по всей России */
        get: operations["getOperatorTile"];
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
    "/api/v1.1/msisdn/info/single": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Оператор и регион номера (с учётом переноса)
         * @description Отвечает по реестру перенесённых номеров, затем по плану нумерации. Расходует одну проверку из лимита; неверно записанный номер лимит не расходует.
         */
        post: operations["getMsisdnInfo"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1.1/msisdn/info/quota": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Сколько проверок осталось и когда лимит обновится */
        post: operations["getMsisdnQuota"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1.1/msisdn/info/plan": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Какой план нумерации загружен и ограничения пакетной проверки */
        get: operations["getNumberingPlanInfo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1.1/msisdn/info/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Пакетная проверка номеров из файла
         * @description Файл .csv, .txt или .xlsx в поле File. Ответ — файл того же вида (для .txt — CSV): по строке на каждую строку файла в том же порядке, с оператором и регионом; неверные строки помечены. Расходует одну проверку из лимита. Узел обрабатывает не больше BATCH_CONCURRENCY файлов сразу: следующий получает 503 с заголовком Retry-After, не расходуя лимит.
         */
        post: operations["getMsisdnInfoBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1.4/tariff/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Тарифы региона по коду ФНС: фильтры, сортировка, страницы */
        get: operations["getTariffListV14"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/tariff/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Тарифы региона по его адресу: пакетные или с оплатой за использование */
        get: operations["getTariffListV2"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/tariff/all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Все тарифы региона одним ответом (для калькулятора)
         * @description Тарифы в продаже, от дешёвых к дорогим; архивные не входят.
         */
        get: operations["getRegionTariffs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1.2/tariff/filters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Операторы и границы фильтров тарифов региона (по коду ФНС) */
        get: operations["getTariffFiltersV12"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/tariff/filters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Операторы и границы фильтров тарифов региона (по адресу региона) */
        get: operations["getTariffFiltersV2"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1.1/tariff/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Тариф по номеру со всеми регионами продаж */
        get: operations["getTariffV11"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/tariff/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Тариф по номеру со всеми регионами продаж */
        get: operations["getTariffV2"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1.2/tariff": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Тариф оператора по названию в регионе */
        get: operations["getTariffByName"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/staff/tariffs/uploads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Загрузить файл каталога (JSON или CSV) и увидеть, что он изменит */
        post: operations["uploadStaffCatalogue"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/staff/tariffs/uploads/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Загрузка каталога и её предпросмотр */
        get: operations["getStaffCatalogueUpload"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/staff/tariffs/uploads/{id}/apply": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Применить загрузку к каталогу */
        post: operations["applyStaffCatalogueUpload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/staff/tariffs/uploads/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Отменить загрузку (каталог не меняется) */
        post: operations["cancelStaffCatalogueUpload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/staff/tariffs/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Выгрузить весь каталог (JSON или CSV), с архивными тарифами */
        get: operations["exportStaffCatalogue"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/esia/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Начать вход через Госуслуги (переход на ЕСИА) */
        get: operations["esiaLogin"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/esia/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Возврат из ЕСИА: вход на сайт и переход на исходную страницу */
        get: operations["esiaCallback"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/esia/userinfo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Выполнен ли вход и когда истекает токен */
        get: operations["getUserInfo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/openid/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Обновить токен доступа (refresh token из cookie) */
        post: operations["refreshToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/esia/personalinfo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Данные пользователя из Госуслуг для заполнения заявки */
        get: operations["getPersonalInfo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/esia/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Выйти с сайта и из ЕСИА
         * @description Переход с другого сайта (Sec-Fetch-Site: cross-site или same-site) не завершает сеанс: в ответ страница «Выйти из личного кабинета?» с кнопкой, которая ведёт сюда же с этого сайта.
         */
        get: operations["esiaLogout"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/account/info": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Номера пользователя и его имя */
        get: operations["getAccountInfo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/account/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Заявки на перенос номера, постранично */
        get: operations["getAccountOrders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/account/portations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Переносы номера, постранично */
        get: operations["getAccountPortations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/account/portationinfo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Перенос номера и история его статусов */
        get: operations["getAccountPortationInfo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/account/watch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Оповещения о попытках перенести номер: включены ли они для каждого номера */
        get: operations["getAccountWatch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/account/watch/{msisdn}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Включить или выключить «Сообщать о попытках перенести номер»
         * @description Когда включено, о каждой попытке перенести номер через этот сайт (начато заявление, запрошен код, подано заявление) и о переносе номера по данным БДПН приходят письмо на почту из Госуслуг и SMS на этот номер, а оповещение появляется в личном кабинете. Заявление, поданное на этот номер другим человеком, ждёт вашего ответа до 24 часов. Включить можно только для номера, подтверждённого в Госуслугах (пока он там указан) или кодом из SMS (30 дней, и только пока номер не перенёс кто-то другой); с истечением подтверждения оповещения выключаются.
         */
        put: operations["setAccountWatch"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/account/watch/{msisdn}/code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * «Получить код»: подтвердить номер кодом из SMS, чтобы включить оповещения
         * @description Для номера личного кабинета, который не подтверждён в Госуслугах. Код из 6 цифр действует 10 минут, 5 попыток ввода; лимиты общие с кодами заявлений: на номер — не чаще раза в минуту и не больше 5 в день, на человека — 10 в день. Те, кто уже получает оповещения об этом номере, узнают о запросе кода.
         */
        post: operations["sendAccountWatchCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/account/watch/{msisdn}/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ввести код из SMS: номер подтверждён на 30 дней, оповещения включены */
        post: operations["confirmAccountWatchCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/account/alerts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Оповещения о попытках перенести номера пользователя, новые первыми, постранично */
        get: operations["getAccountAlerts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/account/alerts/{id}/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * «Да, это я»: подтвердить заявление на перенос, ждущее ответа
         * @description Только для оповещения о поданном заявлении, которое ждёт ответа (hold.state = pending). Подтверждённое заявление сразу уходит в БДПН; отклонённое удаляется, и подавший его видит причину. Отклонить заявление может только тот, чьё подтверждение номера не слабее, чем у подавшего (Госуслуги сильнее кода из SMS): иначе (hold.state = outranked, или подтверждение истекло) «Это не я» записывается как спор для службы поддержки (hold.state = disputed), а заявление продолжается. Повтор того же ответа ничего не меняет; другой ответ после первого — 400.
         */
        post: operations["confirmAccountAlert"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/account/alerts/{id}/refuse": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * «Это не я»: отклонить заявление на перенос, ждущее ответа
         * @description Только для оповещения о поданном заявлении, которое ждёт ответа (hold.state = pending). Подтверждённое заявление сразу уходит в БДПН; отклонённое удаляется, и подавший его видит причину. Отклонить заявление может только тот, чьё подтверждение номера не слабее, чем у подавшего (Госуслуги сильнее кода из SMS): иначе (hold.state = outranked, или подтверждение истекло) «Это не я» записывается как спор для службы поддержки (hold.state = disputed), а заявление продолжается. Повтор того же ответа ничего не меняет; другой ответ после первого — 400.
         */
        post: operations["refuseAccountAlert"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/news": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Новости, постранично, сначала свежие */
        get: operations["getNewsList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/news/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Новость по адресу (slug) */
        get: operations["getNewsStory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/news/image/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Картинка новости */
        get: operations["getNewsImage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/staff/news": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Все новости с черновиками, сначала изменённые последними */
        get: operations["getStaffNewsList"];
        put?: never;
        /** Новая новость (черновик) */
        post: operations["createStaffNewsStory"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/staff/news/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Новость с исходным текстом */
        get: operations["getStaffNewsStory"];
        /** Сохранить новость (опубликованная меняется на сайте сразу) */
        put: operations["saveStaffNewsStory"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/staff/news/{id}/publish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Опубликовать сейчас или в назначенное время */
        post: operations["publishStaffNewsStory"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/staff/news/{id}/unpublish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Снять с сайта (новость станет черновиком) */
        post: operations["unpublishStaffNewsStory"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/staff/news/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Markdown как HTML страницы новости (очищенный так же) */
        post: operations["previewStaffNewsStory"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/staff/news/images": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Загрузить картинку для новости (PNG, JPEG, WebP, до 2 МБ) */
        post: operations["uploadStaffNewsImage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/feedback/challenge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Задача капчи ALTCHA для формы обратной связи */
        get: operations["getFeedbackChallenge"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/feedback/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Отправить сообщение через форму обратной связи */
        post: operations["sendFeedback"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/staff/feedback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Обращения, сначала новые по времени; сколько каких (просмотр записывается в журнал) */
        get: operations["getStaffFeedbackList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/staff/feedback/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Обращение с ответами (просмотр записывается в журнал) */
        get: operations["getStaffFeedbackThread"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/staff/feedback/{id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Отметить обращение новым, прочитанным или обработанным */
        put: operations["setStaffFeedbackStatus"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/staff/feedback/{id}/reply": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ответить на обращение письмом (ответ сохраняется с обращением) */
        post: operations["replyStaffFeedback"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/coverage/map": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Источники карт покрытия операторов и подложка */
        get: operations["getCoverageMap"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/coverage/{slug}/geojson": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Зона покрытия оператора (GeoJSON) */
        get: operations["getCoverageGeoJson"];
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
            /**
             * @description Вид ошибки — постоянный URI, по нему клиент различает ответы (не по тексту): validation — поля не прошли проверку; bad-request — запрос не удалось прочитать; unauthorized — нужен вход; forbidden — запрос отклонён; not-found — записи нет; not-acceptable — запрос в таком виде не принимается; timeout — не уложились во время; conflict — состояние записи не допускает шаг; too-large — слишком большой файл; quota-exceeded — лимит проверок на сегодня исчерпан (refreshAt); rate-limited — слишком много запросов подряд; server-busy — сервер занят файлами (retryAfter); unavailable — сервис временно недоступен; internal — ошибка сервера.
             * @enum {string}
             */
            type: "urn:perenos:problem:validation" | "urn:perenos:problem:bad-request" | "urn:perenos:problem:unauthorized" | "urn:perenos:problem:forbidden" | "urn:perenos:problem:not-found" | "urn:perenos:problem:not-acceptable" | "urn:perenos:problem:timeout" | "urn:perenos:problem:conflict" | "urn:perenos:problem:too-large" | "urn:perenos:problem:quota-exceeded" | "urn:perenos:problem:rate-limited" | "urn:perenos:problem:server-busy" | "urn:perenos:problem:unavailable" | "urn:perenos:problem:internal";
            title: string;
            status: number;
            detail?: string;
            errors?: {
                [key: string]: string[];
            };
            requestId?: string;
        };
        /** @description Лимит проверок исчерпан */
        QuotaProblem: {
            /** @enum {string} */
            type: "urn:perenos:problem:quota-exceeded";
            title: string;
            status: number;
            detail?: string;
            errors?: {
                [key: string]: string[];
            };
            requestId?: string;
            /**
             * Format: date-time
             * @description Когда лимит обновится
             */
            refreshAt: string;
        };
        SignatureCertificate: {
            /** @description Владелец сертификата: ФИО, СНИЛС */
            subject: string;
            /** @description Серийный номер, шестнадцатеричный */
            serial: string;
            /** @description Удостоверяющий центр, выдавший сертификат */
            issuer: string;
            validFrom: string | null;
            validTo: string | null;
        };
        PortationSignatureStarted: {
            /** @enum {string} */
            status: "pending";
            /**
             * Format: date-time
             * @description Подписать нужно до этого времени (15 минут)
             */
            expiresAt: string;
        };
        PortationSignature: {
            /** @description none — заявление ещё не отправлялось на подпись; pending — ждёт подписи в Госключе; signed — подписано, подпись проверена сайтом; refused — человек отказался; expired — 15 минут прошли без ответа; failed — подпись не принята или Госключ не ответил (причина в reason) */
            status: "none" | "pending" | "signed" | "refused" | "expired" | "failed";
            requestedAt: string | null;
            expiresAt: string | null;
            /** @description Время подписания, указанное в подписи */
            signedAt: string | null;
            /** @description Подписанный документ говорит то же, что заявление сейчас (после изменения заявления нужно подписать снова) */
            current: boolean;
            /** @description Почему подписи нет (refused, expired, failed) */
            reason: string | null;
            documentHash: string | null;
            certificate: components["schemas"]["SignatureCertificate"] | null;
        };
        StaffPortingSignature: {
            /** @description none — заявление не отправлялось на подпись; pending — ждёт подписи в Госключе; signed — подписано, подпись проверена сайтом; refused — человек отказался; expired — 15 минут прошли без ответа; failed — подпись не принята или Госключ не ответил (причина в reason) */
            status: "none" | "pending" | "signed" | "refused" | "expired" | "failed";
            requestedAt: string | null;
            expiresAt: string | null;
            signedAt: string | null;
            reason: string | null;
            documentHash: string | null;
            certificate: components["schemas"]["SignatureCertificate"] | null;
            /** @description Когда сайт последний раз проверял подпись */
            verifiedAt: string | null;
        };
        StaffPortingSignatureCheck: {
            valid: boolean;
            reason: string | null;
            /** Format: date-time */
            checkedAt: string;
            signedAt: string | null;
            certificate: components["schemas"]["SignatureCertificate"] | null;
        };
        /** @description editor — новости, catalogue — тарифы, support — обращения и перенос, admin — разделы сайта, сотрудники и журнал */
        StaffRole: "editor" | "catalogue" | "support" | "admin";
        StaffMe: {
            oid: string;
            name: string;
            roles: components["schemas"]["StaffRole"][];
        };
        StaffPerson: {
            oid: string;
            /** @description Имя из ЕСИА; null, пока человек ни разу не входил */
            name: string | null;
            roles: {
                role: components["schemas"]["StaffRole"];
                /** @description oid администратора или cli */
                grantedBy: string;
                /** Format: date-time */
                grantedAt: string;
            }[];
        };
        StaffRoleChange: {
            /** @description false: роль уже была (или её уже не было) */
            changed: boolean;
        };
        StaffAuditEntry: {
            id: number;
            /** Format: date-time */
            at: string;
            actorOid: string;
            actorName: string;
            /** @description news.publish, tariffs.apply, flags.switch, staff.grant, porting.personal-data.view … */
            action: string;
            /** @description На чём: news:12, feedback:5, order:4711 … */
            target: string;
            /** @description Что изменилось */
            details: {
                [key: string]: unknown;
            };
        };
        StaffJobs: {
            /** @description Очереди: ждут, выполняются, не удались (очереди *.failed — недоставленные задачи) */
            queues: {
                queue: string;
                waiting: number;
                active: number;
                failed: number;
            }[];
            failed: {
                id: string;
                queue: string;
                data: string;
                error: string;
                retryCount: number;
                /** Format: date-time */
                createdAt: string;
                failedAt: string | null;
            }[];
        };
        PortationOrder: {
            /** @description Номер заявления */
            id: number;
            /** @description Переносимый номер: 11 цифр, начиная с 7 */
            msisdn: string;
            /** @description Initialized — создано, PendingBDPN — в обработке БДПН, Done — выполнено, Deleted — удалено */
            status: "Initialized" | "PendingBDPN" | "Done" | "Deleted";
            regionCode: number | null;
            regionName: string | null;
            fromOperator: {
                operatorId: number;
                operatorName: string;
                /** @description Адрес логотипа */
                operatorLogo: string;
            } | null;
            toOperator: {
                operatorId: number;
                operatorName: string;
                /** @description Адрес логотипа */
                operatorLogo: string;
            } | null;
            tariffId: number | null;
            tariffName: string | null;
            portationAt: string | null;
            window: {
                /**
                 * Format: date-time
                 * @description Начало окна переноса
                 */
                start: string;
                /**
                 * Format: date-time
                 * @description Конец окна переноса
                 */
                end: string;
            } | null;
            email: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            lastUpdatedAt: string;
            portationId: number | null;
            reason: string | null;
            /** @description Номер подтверждён: подтверждённый номер из Госуслуг или код из SMS */
            isMsisdnConfirmed: boolean;
            /** @description Можно ли удалить или отозвать заявление сейчас: черновик — всегда, отправленное — пока БДПН не назначила окно переноса */
            canWithdraw: boolean;
            sim: {
                /** @description esim — eSIM, office — забрать в офисе, courier — курьером */
                kind: "esim" | "office" | "courier";
                officeId: string | null;
                office: {
                    id: string;
                    name: string;
                    address: string;
                    /** @description Часы работы */
                    hours: string;
                } | null;
                address: string | null;
            } | null;
            /** @description Плата за перенос номера новому оператору, ₽ (не больше 100 ₽) */
            fee: number;
            contractVersion: string | null;
            contractAcceptedAt: string | null;
            consentVersion: string | null;
            consentAcceptedAt: string | null;
            simIssuedAt: string | null;
            temporaryMsisdn: string | null;
            esimActivationCode: string | null;
            debt: {
                /** @description Задолженность перед прежним оператором, ₽ */
                amount: number;
                /**
                 * Format: date-time
                 * @description До какого момента её нужно оплатить
                 */
                payBy: string;
                paidAt: string | null;
                /** @description Задолженность по каждому номеру: в сумме — amount */
                numbers: {
                    /** @description Номер, по которому задолженность */
                    msisdn: string;
                    /** @description Задолженность по этому номеру, ₽ */
                    amount: number;
                    paidAt: string | null;
                }[];
            } | null;
            /**
             * Format: date
             * @description Самая ранняя дата переноса, если отправить заявление сегодня
             */
            earliestPortationAt: string;
            /**
             * Format: date
             * @description Самая поздняя дата переноса
             */
            latestPortationAt: string;
            events: {
                /** Format: date-time */
                occurredAt: string;
                /** @description Initialized — создано, PendingBDPN — в обработке БДПН, Done — выполнено, Deleted — удалено */
                status: "Initialized" | "PendingBDPN" | "Done" | "Deleted";
                kind: "created" | "submitted" | "registered" | "accepted" | "rejected" | "donor-check" | "donor-accepted" | "donor-rejected" | "scheduled" | "started" | "ported" | "cancelled" | "expired" | "failed" | "withdrawal-confirmed" | "withdrawal-refused" | "withdrawal-failed" | "contract-signed" | "sim-issued" | "debt-notice" | "debt-paid" | "rescheduled" | "held" | "hold-confirmed" | "hold-refused" | "hold-lapsed";
                description: string;
            }[];
            personal?: {
                fullName: string;
                birthDate: string | null;
                passport: string | null;
            } | null;
        };
        /** @description Описание ошибки с причиной отказа (RFC 9457) */
        PortationProblem: {
            /**
             * @description Вид ошибки — постоянный URI, по нему клиент различает ответы (не по тексту): validation — поля не прошли проверку; bad-request — запрос не удалось прочитать; unauthorized — нужен вход; forbidden — запрос отклонён; not-found — записи нет; not-acceptable — запрос в таком виде не принимается; timeout — не уложились во время; conflict — состояние записи не допускает шаг; too-large — слишком большой файл; quota-exceeded — лимит проверок на сегодня исчерпан (refreshAt); rate-limited — слишком много запросов подряд; server-busy — сервер занят файлами (retryAfter); unavailable — сервис временно недоступен; internal — ошибка сервера.
             * @enum {string}
             */
            type: "urn:perenos:problem:validation" | "urn:perenos:problem:bad-request" | "urn:perenos:problem:unauthorized" | "urn:perenos:problem:forbidden" | "urn:perenos:problem:not-found" | "urn:perenos:problem:not-acceptable" | "urn:perenos:problem:timeout" | "urn:perenos:problem:conflict" | "urn:perenos:problem:too-large" | "urn:perenos:problem:quota-exceeded" | "urn:perenos:problem:rate-limited" | "urn:perenos:problem:server-busy" | "urn:perenos:problem:unavailable" | "urn:perenos:problem:internal";
            title: string;
            status: number;
            detail?: string;
            errors?: {
                [key: string]: string[];
            };
            requestId?: string;
            /** @description Почему номер нельзя перенести сейчас */
            refusal?: "recently-ported" | "open-order" | "draft-exists" | "not-mobile" | "not-in-plan" | "holder-refused";
            /**
             * Format: date
             * @description С какого дня перенос возможен
             */
            availableFrom?: string;
            /** @description Ваше заявление по этому номеру */
            orderId?: number;
        };
        PortationCodeSent: {
            /** @description Номер, на который отправлен код */
            sentTo: string;
            /** Format: date-time */
            expiresAt: string;
            /**
             * Format: date-time
             * @description Когда можно запросить код снова
             */
            resendAfter: string;
        };
        /** @description Условия договора с новым оператором при переносе номера */
        ContractTerms: {
            /** @description Редакция условий */
            version: string;
            title: string;
            points: string[];
            /** @description Плата за перенос, ₽ */
            fee: number;
            /** @description Согласие на перенос и обработку персональных данных: его редакция записывается в заявление */
            consent: {
                version: string;
                text: string;
            };
        };
        RecipientOffices: {
            id: string;
            name: string;
            address: string;
            /** @description Часы работы */
            hours: string;
        }[];
        StaffPortingOrder: {
            /** @description Номер заявления */
            id: number;
            msisdn: string;
            status: "Initialized" | "PendingBDPN" | "Done" | "Deleted";
            reason: string | null;
            /** @description Когда наблюдатель номера с более слабым подтверждением (код из SMS против Госуслуг) ответил «Это не я»: спор для поддержки, заявление продолжается */
            disputedAt: string | null;
            regionName: string | null;
            fromOperator: string | null;
            toOperator: string | null;
            tariffName: string | null;
            portationDate: string | null;
            /** Format: date-time */
            createdAt: string;
            submittedAt: string | null;
            /** Format: date-time */
            lastUpdateAt: string;
            portation: {
                id: number;
                status: "Initialized" | "PendingBDPN" | "Done" | "Deleted";
                processId: string | null;
                windowStart: string | null;
                completedAt: string | null;
            } | null;
            timeline: {
                /** Format: date-time */
                occurredAt: string;
                status: "Initialized" | "PendingBDPN" | "Done" | "Deleted";
                kind: string;
                description: string;
            }[];
            /** @description Сообщения процесса в БДПН (null, пока заявление туда не отправлено) */
            gateway: {
                messages: {
                    seq: number;
                    type: string;
                    at: string;
                    reason: string | null;
                }[];
            } | {
                error: string;
            } | null;
            notifications: {
                id: number;
                channel: "sms" | "email";
                /** @description Скрыт: полностью — в персональных данных */
                recipient: string;
                subject: string;
                /** @description Код подтверждения в тексте скрыт: •••••• */
                body: string;
                /** @description pending — «Ждёт отправки», sent — «Отправлено», failed — «Не доставлено», skipped — «Не отправлено: канал не настроен» */
                status: "pending" | "sent" | "failed" | "skipped";
                attempts: number;
                error: string | null;
                /** Format: date-time */
                createdAt: string;
                sentAt: string | null;
            }[];
        };
        StaffPortingPersonal: {
            name: string | null;
            birthDate: string | null;
            passportMasked: string | null;
            mobiles: string[];
            email: string | null;
            orderEmail: string | null;
            /** @description Куда сайт отправлял уведомления */
            recipients: string[];
        };
        StaffPortingListEntry: {
            /** @description Номер заявления */
            id: number;
            msisdn: string;
            status: "Initialized" | "PendingBDPN" | "Done" | "Deleted";
            /** @description draft — «Черновик: не отправлено», held — «Ждёт ответа владельца номера», filing — «Передаётся в БДПН», checking — «В БДПН и у нынешнего оператора», scheduled — «Назначено окно переноса» */
            stage: "draft" | "held" | "filing" | "checking" | "scheduled";
            /** @description Почему заявление зависло (прошло больше, чем позволяет процесс); null — не зависло */
            stuck: string | null;
            /** Format: date-time */
            createdAt: string;
            submittedAt: string | null;
            /** Format: date-time */
            lastUpdateAt: string;
            portationDate: string | null;
            windowStart: string | null;
            heldUntil: string | null;
            disputedAt: string | null;
        };
        FeatureFlag: {
            feature: "Portation" | "EsiaAuth" | "News" | "OperatorPage" | "OperatorsByRegionMap" | "Goskey";
            isEnabled: boolean;
        };
        Setting: {
            key: string;
            value: string;
        };
        StaffFeature: {
            feature: "Portation" | "EsiaAuth" | "News" | "OperatorPage" | "OperatorsByRegionMap" | "Goskey";
            isEnabled: boolean;
            /** @description Название раздела */
            title: string;
            /** @description Что пропадёт с сайта, пока раздел выключен */
            disappears: string;
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
        OperatorTile: {
            id: number;
            slug: string;
            name: string;
            logo: string;
            color: string;
            kind: "MNO" | "MVNO";
            /** @description Действующих тарифов (в регионе или по всей России) */
            tariffCount: number;
            /** @description Самая низкая абонентская плата, ₽/мес */
            minPrice: number | null;
        };
        TariffService: {
            id: number;
            slug: string;
            name: string;
            description: string;
        };
        Quota: {
            /** @description Сколько проверок осталось на сегодня */
            remainingCount: number;
            /**
             * Format: date-time
             * @description Когда лимит обновится (00:00 по Москве)
             */
            refreshAt: string;
        };
        MsisdnInfo: {
            /** @description Номер: 11 цифр, 7XXXXXXXXXX */
            msisdn: string;
            operatorId: number;
            /** @description Оператор, который обслуживает номер сейчас */
            operatorName: string;
            /** @description Адрес логотипа оператора */
            operatorLogo: string;
            /** @description Код региона (ФНС) */
            regionCode: number | null;
            regionName: string | null;
            /** @description Номер перенесён к другому оператору */
            isPorted: boolean;
            /** @description Дата последнего переноса */
            lastPortation: string | null;
            /** @description Юридическое лицо — владелец диапазона по реестру нумерации */
            rangeHolder: string | null;
            quota: components["schemas"]["Quota"];
        };
        /** @description Номер не входит ни в один диапазон; проверка засчитана */
        LookupNotFound: {
            /**
             * @description Вид ошибки — постоянный URI, по нему клиент различает ответы (не по тексту): validation — поля не прошли проверку; bad-request — запрос не удалось прочитать; unauthorized — нужен вход; forbidden — запрос отклонён; not-found — записи нет; not-acceptable — запрос в таком виде не принимается; timeout — не уложились во время; conflict — состояние записи не допускает шаг; too-large — слишком большой файл; quota-exceeded — лимит проверок на сегодня исчерпан (refreshAt); rate-limited — слишком много запросов подряд; server-busy — сервер занят файлами (retryAfter); unavailable — сервис временно недоступен; internal — ошибка сервера.
             * @enum {string}
             */
            type: "urn:perenos:problem:validation" | "urn:perenos:problem:bad-request" | "urn:perenos:problem:unauthorized" | "urn:perenos:problem:forbidden" | "urn:perenos:problem:not-found" | "urn:perenos:problem:not-acceptable" | "urn:perenos:problem:timeout" | "urn:perenos:problem:conflict" | "urn:perenos:problem:too-large" | "urn:perenos:problem:quota-exceeded" | "urn:perenos:problem:rate-limited" | "urn:perenos:problem:server-busy" | "urn:perenos:problem:unavailable" | "urn:perenos:problem:internal";
            title: string;
            status: number;
            detail?: string;
            errors?: {
                [key: string]: string[];
            };
            requestId?: string;
            quota: components["schemas"]["Quota"];
        };
        NumberingPlanInfo: {
            /** @description Загружен демонстрационный план, а не официальный реестр */
            isDemo: boolean;
            source: string | null;
            importedAt: string | null;
            /** @description Диапазонов в плане */
            ranges: number;
            /** @description Индекс перенесённых номеров этого узла построен */
            indexReady: boolean;
            /** @description Сколько номеров можно проверить одним файлом */
            maxRows: number;
            /** @description Наибольший размер файла, байт */
            maxBytes: number;
        };
        BatchUpload: {
            /**
             * Format: binary
             * @description Файл .csv, .txt или .xlsx с номерами
             */
            File: Blob;
        };
        /** @description Узел уже обрабатывает столько файлов, сколько может (BATCH_CONCURRENCY); лимит проверок не расходуется */
        BatchBusyProblem: {
            /**
             * @description Вид ошибки — постоянный URI, по нему клиент различает ответы (не по тексту): validation — поля не прошли проверку; bad-request — запрос не удалось прочитать; unauthorized — нужен вход; forbidden — запрос отклонён; not-found — записи нет; not-acceptable — запрос в таком виде не принимается; timeout — не уложились во время; conflict — состояние записи не допускает шаг; too-large — слишком большой файл; quota-exceeded — лимит проверок на сегодня исчерпан (refreshAt); rate-limited — слишком много запросов подряд; server-busy — сервер занят файлами (retryAfter); unavailable — сервис временно недоступен; internal — ошибка сервера.
             * @enum {string}
             */
            type: "urn:perenos:problem:validation" | "urn:perenos:problem:bad-request" | "urn:perenos:problem:unauthorized" | "urn:perenos:problem:forbidden" | "urn:perenos:problem:not-found" | "urn:perenos:problem:not-acceptable" | "urn:perenos:problem:timeout" | "urn:perenos:problem:conflict" | "urn:perenos:problem:too-large" | "urn:perenos:problem:quota-exceeded" | "urn:perenos:problem:rate-limited" | "urn:perenos:problem:server-busy" | "urn:perenos:problem:unavailable" | "urn:perenos:problem:internal";
            title: string;
            status: number;
            detail?: string;
            errors?: {
                [key: string]: string[];
            };
            requestId?: string;
            /** @description Через сколько секунд повторить загрузку (как в заголовке Retry-After) */
            retryAfter: number;
        };
        /** @description Тариф в регионе */
        Tariff: {
            id: number;
            slug: string;
            name: string;
            /** @description Package — пакет с абонентской платой, NonPackage — оплата за использование */
            kind: "Package" | "NonPackage";
            description: string;
            operatorId: number;
            operatorSlug: string;
            operatorName: string;
            /** @description Фирменный цвет оператора, #rrggbb */
            operatorColor: string;
            /** @description Адрес логотипа-монограммы */
            operatorLogo: string;
            minutes: number | null;
            minutesUnlim: boolean;
            sms: number | null;
            smsUnlim: boolean;
            traffic: number | null;
            trafficUnlim: boolean;
            minutePrice: number | null;
            smsPrice: number | null;
            mbPrice: number | null;
            url: string | null;
            /** @description Входящие подписки (GET /v1/tariffmediaservice) */
            mediaServiceIds: number[];
            /** @description Домашние услуги (GET /v1/tariffconvergenceservice) */
            convergenceServiceIds: number[];
            /** @description Архивный: больше не подключается */
            isArchived: boolean;
            /** Format: date-time */
            updatedAt: string;
            /** @description Регион, для которого указана цена */
            regionCode: number;
            /** @description Абонентская плата в регионе, ₽ в месяц (0 — без платы) */
            price: number;
        };
        /** @description Тариф со всеми регионами продаж */
        TariffDetail: {
            id: number;
            slug: string;
            name: string;
            /** @description Package — пакет с абонентской платой, NonPackage — оплата за использование */
            kind: "Package" | "NonPackage";
            description: string;
            operatorId: number;
            operatorSlug: string;
            operatorName: string;
            /** @description Фирменный цвет оператора, #rrggbb */
            operatorColor: string;
            /** @description Адрес логотипа-монограммы */
            operatorLogo: string;
            minutes: number | null;
            minutesUnlim: boolean;
            sms: number | null;
            smsUnlim: boolean;
            traffic: number | null;
            trafficUnlim: boolean;
            minutePrice: number | null;
            smsPrice: number | null;
            mbPrice: number | null;
            url: string | null;
            /** @description Входящие подписки (GET /v1/tariffmediaservice) */
            mediaServiceIds: number[];
            /** @description Домашние услуги (GET /v1/tariffconvergenceservice) */
            convergenceServiceIds: number[];
            /** @description Архивный: больше не подключается */
            isArchived: boolean;
            /** Format: date-time */
            updatedAt: string;
            /** @description Где продаётся и за сколько */
            regions: {
                regionCode: number;
                regionSlug: string;
                regionName: string;
                /** @description ₽ в месяц */
                price: number;
            }[];
        };
        TariffPage: {
            data: components["schemas"]["Tariff"][];
            /** @description Сколько строк пропущено */
            offset: number;
            /** @description Сколько строк запрошено */
            pageSize: number;
            /** @description Всего строк */
            totalRows: number;
        };
        /** @description Границы фильтров и операторы региона */
        TariffFilters: {
            regionCode: number;
            regionSlug: string;
            regionName: string;
            /** @description Тарифов в регионе (без архивных) */
            totalRows: number;
            packageCount: number;
            nonPackageCount: number;
            operators: {
                id: number;
                slug: string;
                name: string;
                color: string;
                logo: string;
                tariffCount: number;
                /** @description Самая низкая абонентская плата, ₽ */
                minPrice: number;
            }[];
            /** @description Абонентская плата, ₽ в месяц */
            price: {
                min: number | null;
                max: number | null;
                /** @description Есть тарифы с безлимитом */
                hasUnlim: boolean;
            };
            /** @description Минуты в пакете (без безлимитных) */
            minutes: {
                min: number | null;
                max: number | null;
                /** @description Есть тарифы с безлимитом */
                hasUnlim: boolean;
            };
            /** @description SMS в пакете */
            sms: {
                min: number | null;
                max: number | null;
                /** @description Есть тарифы с безлимитом */
                hasUnlim: boolean;
            };
            /** @description Интернет в пакете, ГБ */
            traffic: {
                min: number | null;
                max: number | null;
                /** @description Есть тарифы с безлимитом */
                hasUnlim: boolean;
            };
            /** @description Цена минуты у тарифов без пакета, ₽ */
            minutePrice: {
                min: number | null;
                max: number | null;
                /** @description Есть тарифы с безлимитом */
                hasUnlim: boolean;
            };
            /** @description Цена SMS у тарифов без пакета, ₽ */
            smsPrice: {
                min: number | null;
                max: number | null;
                /** @description Есть тарифы с безлимитом */
                hasUnlim: boolean;
            };
            /** @description Цена мегабайта у тарифов без пакета, ₽ */
            mbPrice: {
                min: number | null;
                max: number | null;
                /** @description Есть тарифы с безлимитом */
                hasUnlim: boolean;
            };
        };
        TariffRegion: {
            regionCode: number;
            /** @description Все тарифы региона в продаже, от дешёвых к дорогим */
            data: components["schemas"]["Tariff"][];
        };
        StaffCatalogueUpload: {
            id: number;
            fileName: string;
            /** @description Файл — весь каталог: тарифы, которых в нём нет, уходят в архив */
            replace: boolean;
            status: "pending" | "applied" | "cancelled";
            /** Format: date-time */
            createdAt: string;
            decidedAt: string | null;
            preview: {
                totals: {
                    added: number;
                    changed: number;
                    removed: number;
                    unchanged: number;
                    refused: number;
                };
                /** @description Изменения по оператору и региону */
                groups: {
                    operatorSlug: string;
                    operatorName: string;
                    regionCode: number;
                    regionName: string;
                    added: string[];
                    changed: {
                        name: string;
                        what: string[];
                    }[];
                    removed: string[];
                }[];
            };
            /** @description Строки, которые не будут загружены, с причиной (первые 500) */
            refused: {
                where: string;
                reason: string;
            }[];
        };
        AuthInfo: {
            /** @description Выполнен ли вход */
            isLogged: boolean;
            /** @description Когда истекает токен доступа; за минуту до этого приложение его обновляет */
            expireAt: string | null;
            /** @description Имя для шапки сайта */
            userName: string | null;
            /** @description У вошедшего есть роль сотрудника: меню сайта ведёт в служебный раздел /staff */
            isStaff: boolean;
        };
        PersonalInfo: {
            fullName: string;
            lastName: string;
            firstName: string;
            middleName: string;
            birthDate: string | null;
            passport: string | null;
            /** @description Подтверждённые мобильные номера */
            mobiles: string[];
            email: string | null;
            isEmailVerified: boolean;
        };
        /** @description Initialized — «Черновик», PendingBDPN — «В обработке», Done — «Номер перенесён», Deleted — «Отменено» */
        PortationOrderStatus: "Initialized" | "PendingBDPN" | "Done" | "Deleted";
        AccountOperator: {
            operatorId: number;
            /** @description Адрес логотипа */
            operatorLogo: string;
            operatorName: string;
        };
        AccountMsisdnInfo: {
            msisdn: string;
            /** @description Подтверждённый номер из Госуслуг */
            isEsiaMsisdn: boolean;
            lastPortation: string | null;
            operatorId: number | null;
            operatorLogo: string | null;
            operatorName: string | null;
            regionCode: number | null;
            regionName: string | null;
        };
        AccountInfo: {
            userName: string;
            msisdns: components["schemas"]["AccountMsisdnInfo"][];
        };
        AccountOrder: {
            id: number;
            status: components["schemas"]["PortationOrderStatus"];
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            lastUpdate: string;
            portationDate: string | null;
            ending: ("donor-rejected" | "rejected" | "failed" | "expired" | "cancelled" | "withdrawal-confirmed" | "hold-refused") | null;
            tariffName: string | null;
            fromOperator: components["schemas"]["AccountOperator"] | null;
            toOperator: components["schemas"]["AccountOperator"] | null;
        };
        AccountPortation: {
            id: number;
            orderId: number | null;
            status: components["schemas"]["PortationOrderStatus"];
            /** Format: date-time */
            startedAt: string;
            portationAt: string | null;
            portationDate: string | null;
            ending: ("donor-rejected" | "rejected" | "failed" | "expired" | "cancelled" | "withdrawal-confirmed" | "hold-refused") | null;
            /** Format: date-time */
            lastUpdatedAt: string;
            fromOperator: components["schemas"]["AccountOperator"] | null;
            toOperator: components["schemas"]["AccountOperator"] | null;
        };
        AccountOrders: {
            msisdnInfo: components["schemas"]["AccountMsisdnInfo"];
            orders: {
                data: components["schemas"]["AccountOrder"][];
                /** @description Сколько строк пропущено */
                offset: number;
                /** @description Сколько строк запрошено */
                pageSize: number;
                /** @description Всего строк */
                totalRows: number;
            };
        };
        AccountPortations: {
            msisdnInfo: components["schemas"]["AccountMsisdnInfo"];
            portations: {
                data: components["schemas"]["AccountPortation"][];
                /** @description Сколько строк пропущено */
                offset: number;
                /** @description Сколько строк запрошено */
                pageSize: number;
                /** @description Всего строк */
                totalRows: number;
            };
        };
        AccountPortationEvent: {
            /** Format: date-time */
            occurredAt: string;
            status: components["schemas"]["PortationOrderStatus"];
            /** @description Что произошло: created, submitted, accepted, donor-check, scheduled, ported… */
            kind: string;
            description: string;
        };
        AccountPortationInfo: {
            id: number;
            orderId: number | null;
            status: components["schemas"]["PortationOrderStatus"];
            /** Format: date-time */
            startedAt: string;
            portationAt: string | null;
            portationDate: string | null;
            ending: ("donor-rejected" | "rejected" | "failed" | "expired" | "cancelled" | "withdrawal-confirmed" | "hold-refused") | null;
            /** Format: date-time */
            lastUpdatedAt: string;
            fromOperator: components["schemas"]["AccountOperator"] | null;
            toOperator: components["schemas"]["AccountOperator"] | null;
            msisdn: string;
            events: components["schemas"]["AccountPortationEvent"][];
        };
        WatchSwitch: {
            msisdn: string;
            /** @description Сообщать о попытках перенести номер */
            enabled: boolean;
            /** @description Номер подтверждён (в Госуслугах или кодом из SMS при подаче заявления): включить оповещения можно только для такого */
            confirmed: boolean;
        };
        WatchCodeSent: {
            /** @description Номер, на который отправлен код */
            sentTo: string;
            /** Format: date-time */
            expiresAt: string;
            /**
             * Format: date-time
             * @description Когда можно запросить код снова
             */
            resendAfter: string;
        };
        AlertHold: {
            /** @description pending — ждёт вашего ответа, confirmed — вы подтвердили, refused — вы отклонили, lapsed — вы не ответили за 24 часа и заявление передано в БДПН, withdrawn — заявление отозвано */
            state: "pending" | "confirmed" | "refused" | "lapsed" | "withdrawn" | "outranked" | "disputed";
            /**
             * Format: date-time
             * @description До какого момента заявление ждёт ответа
             */
            until: string;
            answeredAt: string | null;
        };
        WatchAlert: {
            id: number;
            msisdn: string;
            /** @description started — начато заявление на перенос, code — запрошен код подтверждения, held — подано заявление (ждёт вашего ответа), ported — номер перенесён по заявлению на этом сайте, registry — номер перенесён по данным БДПН */
            kind: "started" | "code" | "held" | "ported" | "registry" | "summary";
            /** Format: date-time */
            occurredAt: string;
            title: string;
            /** @description Что произошло */
            text: string;
            advice: string | null;
            hold: components["schemas"]["AlertHold"] | null;
        };
        WatchAlerts: {
            data: components["schemas"]["WatchAlert"][];
            /** @description Сколько строк пропущено */
            offset: number;
            /** @description Сколько строк запрошено */
            pageSize: number;
            /** @description Всего строк */
            totalRows: number;
        };
        NewsItem: {
            id: number;
            slug: string;
            title: string;
            /** @description Короткое описание для списка */
            summary: string;
            /** Format: date-time */
            publishedAt: string;
        };
        NewsStory: {
            id: number;
            slug: string;
            title: string;
            /** @description Короткое описание для списка */
            summary: string;
            /** Format: date-time */
            publishedAt: string;
            /** @description Текст новости, очищенный HTML */
            html: string;
            /** @description Картинка новости на этом сайте */
            imageUrl: string | null;
            /** @description Описание картинки для тех, кто её не видит */
            imageAlt: string;
        };
        NewsPage: {
            data: components["schemas"]["NewsItem"][];
            /** @description Номер страницы, с 1 */
            page: number;
            pageSize: number;
            totalRows: number;
        };
        StaffStory: {
            id: number;
            slug: string;
            title: string;
            summary: string;
            markdown: string;
            /** @description Очищенный HTML, как на странице новости */
            html: string;
            imageId: string | null;
            imageUrl: string | null;
            imageAlt: string;
            /** @description draft — черновик, scheduled — опубликуется в publishedAt, published — на сайте */
            state: "draft" | "scheduled" | "published";
            /** Format: date-time */
            publishedAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        StaffStoryItem: {
            id: number;
            slug: string;
            title: string;
            /** @description draft — черновик, scheduled — опубликуется в publishedAt, published — на сайте */
            state: "draft" | "scheduled" | "published";
            /** Format: date-time */
            publishedAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        FeedbackSent: {
            id: number;
            /** Format: date-time */
            createdAt: string;
        };
        CaptchaChallenge: {
            parameters: {
                [key: string]: unknown;
            };
            signature?: string;
        } & {
            [key: string]: unknown;
        };
        StaffFeedbackMessage: {
            /** @description Номер обращения */
            id: number;
            name: string;
            email: string;
            topic: string;
            message: string;
            /** @description new — новое, read — прочитано, handled — обработано */
            status: "new" | "read" | "handled";
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        StaffFeedbackThread: {
            /** @description Номер обращения */
            id: number;
            name: string;
            email: string;
            topic: string;
            message: string;
            /** @description new — новое, read — прочитано, handled — обработано */
            status: "new" | "read" | "handled";
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            replies: {
                id: number;
                staffName: string;
                subject: string;
                body: string;
                /** Format: date-time */
                createdAt: string;
                /** @description Отправлено ли письмо */
                delivery: "pending" | "sent" | "failed" | "skipped";
            }[];
        };
        CoverageSource: {
            operatorId: number;
            slug: string;
            name: string;
            color: string;
            logo: string;
            kind: "None" | "Layer" | "GeoCollection" | "Reference";
            projection: "None" | "Cartesian" | "SphericalMecrator" | "Wgs84Mercator";
            /** @description Layer: шаблон XYZ; Reference: карта на сайте оператора */
            url: string | null;
        };
        CoverageMap: {
            baseMap: {
                /** @description Подложка (XYZ); null — без подложки */
                tileUrl: string | null;
                attribution: string;
            };
            cities: {
                name: string;
                lat: number;
                lon: number;
            }[];
            sources: components["schemas"]["CoverageSource"][];
        };
        GeoJsonFeatureCollection: {
            /** @enum {string} */
            type: "FeatureCollection";
            features: {
                [key: string]: unknown;
            }[];
        } & {
            [key: string]: unknown;
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
    getStaffMe: {
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
                    "application/json": components["schemas"]["StaffMe"];
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
    getStaffPeople: {
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
                    "application/json": components["schemas"]["StaffPerson"][];
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
    grantStaffRole: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Идентификатор человека в ЕСИА (oid) */
                oid: string;
                /** @description editor — новости, catalogue — тарифы, support — обращения и перенос, admin — разделы сайта, сотрудники и журнал */
                role: "editor" | "catalogue" | "support" | "admin";
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
                    "application/json": components["schemas"]["StaffRoleChange"];
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
    revokeStaffRole: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Идентификатор человека в ЕСИА (oid) */
                oid: string;
                /** @description editor — новости, catalogue — тарифы, support — обращения и перенос, admin — разделы сайта, сотрудники и журнал */
                role: "editor" | "catalogue" | "support" | "admin";
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
                    "application/json": components["schemas"]["StaffRoleChange"];
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
            /** @description Описание ошибки (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Описание ошибки (RFC 9457) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getStaffAudit: {
        parameters: {
            query?: {
                /** @description Идентификатор человека в ЕСИА (oid) */
                actorOid?: string;
                /** @description Действие или его начало с точкой: news. */
                action?: string;
                target?: string;
                /** @description С этого момента */
                from?: string;
                /** @description До этого момента */
                to?: string;
                Skip?: number;
                Take?: number;
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
                    "application/json": {
                        data: components["schemas"]["StaffAuditEntry"][];
                        /** @description Сколько строк пропущено */
                        offset: number;
                        /** @description Сколько строк запрошено */
                        pageSize: number;
                        /** @description Всего строк */
                        totalRows: number;
                    };
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
    getStaffJobs: {
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
                    "application/json": components["schemas"]["StaffJobs"];
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
    retryStaffJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                queue: string;
                id: string;
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
                    "application/json": components["schemas"]["StaffJobs"];
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
    initPortationOrder: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Номер в любой записи: +7 916 123-45-67, 89161234567 */
                    msisdn: string;
                    /** @description Оператор, к которому перенести */
                    operatorId?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortationOrder"];
                };
            };
            /** @description Описание ошибки с причиной отказа (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortationProblem"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["QuotaProblem"] | components["schemas"]["Problem"];
                };
            };
        };
    };
    getPortationOrder: {
        parameters: {
            query?: {
                /** @description Добавить данные заявителя из Госуслуг (шаг 3) */
                withPersonal?: boolean;
            };
            header?: never;
            path: {
                id: number;
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
                    "application/json": components["schemas"]["PortationOrder"];
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
            /** @description Описание ошибки (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
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
    updatePortationOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Новый оператор */
                    operatorId: number;
                    /** @description Тариф нового оператора */
                    tariffId: number;
                    /** @description Дата переноса, ГГГГ-ММ-ДД (московское время) */
                    portationAt: string;
                    email?: string | null;
                    sim?: {
                        /** @description esim — eSIM, office — забрать в офисе, courier — курьером */
                        kind: "esim" | "office" | "courier";
                        /** @description Офис — для kind=office */
                        officeId?: string;
                        /** @description Адрес доставки — для kind=courier: город, улица, дом, квартира */
                        address?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortationOrder"];
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
            /** @description Описание ошибки (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
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
    deletePortationOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Заявление удалено */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
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
            /** @description Описание ошибки (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Описание ошибки (RFC 9457) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Описание ошибки (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    sendPortationCode: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
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
                    "application/json": components["schemas"]["PortationCodeSent"];
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
            /** @description Описание ошибки (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
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
            /** @description Описание ошибки (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Описание ошибки (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    submitPortationOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Согласие на перенос и обработку персональных данных */
                    consent: boolean;
                    /** @description Код из SMS, если номер не из Госуслуг */
                    confirmationCode?: string;
                    sim?: {
                        /** @description esim — eSIM, office — забрать в офисе, courier — курьером */
                        kind: "esim" | "office" | "courier";
                        /** @description Офис — для kind=office */
                        officeId?: string;
                        /** @description Адрес доставки — для kind=courier: город, улица, дом, квартира */
                        address?: string;
                    };
                    /** @description Редакция условий договора с новым оператором, которые человек принял */
                    contractVersion?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortationOrder"];
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
            /** @description Описание ошибки (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
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
            /** @description Описание ошибки (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getPortationOffices: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
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
                    "application/json": components["schemas"]["RecipientOffices"];
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
    getPortationTerms: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Условия договора с новым оператором при переносе номера */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContractTerms"];
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
    getPortationCalendar: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Файл .ics */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/calendar": string;
                };
            };
            /** @description Описание ошибки (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/calendar": components["schemas"]["Problem"];
                };
            };
            /** @description Описание ошибки (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/calendar": components["schemas"]["Problem"];
                };
            };
            /** @description Описание ошибки (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/calendar": components["schemas"]["Problem"];
                };
            };
            /** @description Описание ошибки (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/calendar": components["schemas"]["Problem"];
                };
            };
            /** @description Описание ошибки (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/calendar": components["schemas"]["Problem"];
                };
            };
        };
    };
    getPortationApplicationPdf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Файл PDF */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": Blob;
                };
            };
            /** @description Описание ошибки (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": components["schemas"]["Problem"];
                };
            };
            /** @description Описание ошибки (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": components["schemas"]["Problem"];
                };
            };
            /** @description Описание ошибки (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": components["schemas"]["Problem"];
                };
            };
            /** @description Описание ошибки (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": components["schemas"]["Problem"];
                };
            };
        };
    };
    refilePortationOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
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
                    "application/json": components["schemas"]["PortationOrder"];
                };
            };
            /** @description Описание ошибки с причиной отказа (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortationProblem"];
                };
            };
            /** @description Описание ошибки (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
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
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["QuotaProblem"] | components["schemas"]["Problem"];
                };
            };
        };
    };
    getAccountEvents: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Поток событий */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description Описание ошибки (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": components["schemas"]["Problem"];
                };
            };
            /** @description Описание ошибки (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": components["schemas"]["Problem"];
                };
            };
        };
    };
    listStaffPortingOrders: {
        parameters: {
            query: {
                /** @description active — в работе, stuck — зависшие */
                list: "active" | "stuck";
                /** @description Сколько строк пропустить */
                Skip?: number;
                /** @description Сколько строк вернуть */
                Take?: number;
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
                    "application/json": {
                        data: components["schemas"]["StaffPortingListEntry"][];
                        /** @description Сколько строк пропущено */
                        offset: number;
                        /** @description Сколько строк запрошено */
                        pageSize: number;
                        /** @description Всего строк */
                        totalRows: number;
                    };
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
    findStaffPortingOrders: {
        parameters: {
            query: {
                /** @description 4711 или +7 916 123-45-67 */
                q: string;
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
                    "application/json": {
                        id: number;
                        msisdn: string;
                        status: "Initialized" | "PendingBDPN" | "Done" | "Deleted";
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        lastUpdateAt: string;
                        disputedAt: string | null;
                    }[];
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
    getStaffPortingOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
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
                    "application/json": components["schemas"]["StaffPortingOrder"];
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
    getStaffPortingPersonal: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
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
                    "application/json": components["schemas"]["StaffPortingPersonal"];
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
    resendStaffPortingNotification: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
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
                    "application/json": components["schemas"]["StaffPortingOrder"];
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
            /** @description Описание ошибки (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Описание ошибки (RFC 9457) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    cancelStaffPortingOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Причина для абонента */
                    reason: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffPortingOrder"];
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
            /** @description Описание ошибки (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Описание ошибки (RFC 9457) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Описание ошибки (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getPortationSignature: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
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
                    "application/json": components["schemas"]["PortationSignature"];
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
            /** @description Описание ошибки (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
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
    startPortationSignature: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
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
                    "application/json": components["schemas"]["PortationSignatureStarted"];
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
            /** @description Описание ошибки (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
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
            /** @description Описание ошибки (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getPortationApplicationSignature: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Подпись CMS (DER) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pkcs7-signature": Blob;
                };
            };
            /** @description Описание ошибки (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pkcs7-signature": components["schemas"]["Problem"];
                };
            };
            /** @description Описание ошибки (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pkcs7-signature": components["schemas"]["Problem"];
                };
            };
        };
    };
    getStaffPortingSignature: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
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
                    "application/json": components["schemas"]["StaffPortingSignature"];
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
    verifyStaffPortingSignature: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
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
                    "application/json": components["schemas"]["StaffPortingSignatureCheck"];
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
            /** @description Описание ошибки (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Описание ошибки (RFC 9457) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getStaffPortingSignedPdf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
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
                    "application/pdf": Blob;
                };
            };
            /** @description Описание ошибки (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": components["schemas"]["Problem"];
                };
            };
            /** @description Описание ошибки (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": components["schemas"]["Problem"];
                };
            };
        };
    };
    getStaffPortingSignatureFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
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
                    "application/pkcs7-signature": Blob;
                };
            };
            /** @description Описание ошибки (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pkcs7-signature": components["schemas"]["Problem"];
                };
            };
            /** @description Описание ошибки (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pkcs7-signature": components["schemas"]["Problem"];
                };
            };
        };
    };
    getMyDataErasure: {
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
                        /** @description Удалить данные можно сейчас */
                        allowed: boolean;
                        /** @description Переносы, которые идут: пока они не завершены, удалить данные нельзя */
                        running: {
                            /** @description Номер заявления */
                            id: number;
                            /** @description Переносимый номер */
                            msisdn: string;
                        }[];
                    };
                };
            };
            /** @description Описание ошибки (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteMyData: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Данные удалены, сеанс завершён */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
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
            /** @description Описание ошибки (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getHealth: {
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
    getReady: {
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
            /** @description Описание ошибки (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
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
    getStaffFlags: {
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
                    "application/json": components["schemas"]["StaffFeature"][];
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
    switchStaffFlag: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                feature: "Portation" | "EsiaAuth" | "News" | "OperatorPage" | "OperatorsByRegionMap" | "Goskey";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    isEnabled: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffFeature"];
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
            query?: {
                /** @description Сколько строк пропустить */
                Skip?: number;
                /** @description Сколько строк вернуть */
                Take?: number;
                /** @description Поле сортировки */
                SortBy?: "name" | "slug" | "regionCount";
                /** @description По убыванию */
                SortDesc?: boolean;
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
    getOperatorTileListV11: {
        parameters: {
            query?: {
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
                    "application/json": components["schemas"]["OperatorTile"][];
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
    getOperatorTileListV12: {
        parameters: {
            query?: {
                RegionSlug?: string;
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
                    "application/json": components["schemas"]["OperatorTile"][];
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
    getOperatorTile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
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
                    "application/json": components["schemas"]["OperatorTile"];
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
    getMsisdnInfo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Номер для проверки */
        requestBody: {
            content: {
                "application/json": {
                    /** @description Номер в любой привычной записи: +7 916 123-45-67, 8 (916) 123-45-67, 79161234567 */
                    msisdn: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MsisdnInfo"];
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
            /** @description Номер не входит ни в один диапазон; проверка засчитана */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LookupNotFound"];
                };
            };
            /** @description Лимит проверок исчерпан */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["QuotaProblem"];
                };
            };
        };
    };
    getMsisdnQuota: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Quota"];
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
    getNumberingPlanInfo: {
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
                    "application/json": components["schemas"]["NumberingPlanInfo"];
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
    getMsisdnInfoBatch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["BatchUpload"];
            };
        };
        responses: {
            /** @description Файл с результатом */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": Blob;
                    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": Blob;
                };
            };
            /** @description Описание ошибки (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": components["schemas"]["Problem"];
                    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": components["schemas"]["Problem"];
                };
            };
            /** @description Описание ошибки (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": components["schemas"]["Problem"];
                    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": components["schemas"]["Problem"];
                };
            };
            /** @description Файл загружался дольше, чем отведено на обработку (BATCH_TIMEOUT_MS) */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": components["schemas"]["Problem"];
                    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": components["schemas"]["Problem"];
                };
            };
            /** @description Описание ошибки (RFC 9457) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": components["schemas"]["Problem"];
                    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": components["schemas"]["Problem"];
                };
            };
            /** @description Лимит проверок исчерпан */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": components["schemas"]["QuotaProblem"];
                    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": components["schemas"]["QuotaProblem"];
                };
            };
            /** @description Узел уже обрабатывает столько файлов, сколько может (BATCH_CONCURRENCY); лимит проверок не расходуется */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": components["schemas"]["BatchBusyProblem"];
                    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": components["schemas"]["BatchBusyProblem"];
                };
            };
        };
    };
    getTariffListV14: {
        parameters: {
            query: {
                /** @description Код региона (ФНС): 77 — Москва */
                RegionCode: number;
                /** @description Сколько строк пропустить */
                Skip?: number;
                /** @description Сколько строк вернуть */
                Take?: number;
                /** @description Поле сортировки */
                SortBy?: "price" | "minutes" | "sms" | "traffic" | "name";
                /** @description По убыванию */
                SortDesc?: boolean;
                /** @description Часть названия, без учёта регистра */
                Name?: string;
                /** @description Операторы */
                OperatorId?: number[];
                /** @description Интернет не меньше, ГБ (безлимит подходит) */
                TrafficMin?: number;
                /** @description Интернет не больше, ГБ */
                TrafficMax?: number;
                /** @description Безлимитный интернет: true — только безлимитные; false или не задано — любые */
                TrafficUnlim?: boolean;
                /** @description SMS не меньше (безлимит подходит) */
                SmsMin?: number;
                /** @description SMS не больше */
                SmsMax?: number;
                /** @description Безлимитные SMS: true — только безлимитные; false или не задано — любые */
                SmsUnlim?: boolean;
                /** @description Минут не меньше (безлимит подходит) */
                MinutesMin?: number;
                /** @description Минут не больше */
                MinutesMax?: number;
                /** @description Безлимитные минуты: true — только безлимитные; false или не задано — любые */
                MinutesUnlim?: boolean;
                /** @description Абонентская плата не меньше, ₽ */
                PriceMin?: number;
                /** @description Абонентская плата не больше, ₽ */
                PriceMax?: number;
                /** @description Оставить у каждого оператора один — самый дешёвый подходящий тариф */
                BestByOperator?: boolean;
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
                    "application/json": components["schemas"]["TariffPage"];
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
    getTariffListV2: {
        parameters: {
            query: {
                /** @description Package — пакет с абонентской платой, NonPackage — оплата за использование */
                QueryType: "Package" | "NonPackage";
                /** @description Адрес региона: moskva */
                RegionSlug: string;
                /** @description Сколько строк пропустить */
                Skip?: number;
                /** @description Сколько строк вернуть */
                Take?: number;
                /** @description Поле сортировки */
                SortBy?: "price" | "minutes" | "sms" | "traffic" | "name";
                /** @description По убыванию */
                SortDesc?: boolean;
                /** @description Операторы */
                OperatorSlugs?: string[];
                /** @description Оставить у каждого оператора один — самый дешёвый подходящий тариф */
                BestByOperator?: boolean;
                /** @description Минут не меньше (безлимит подходит) */
                "Package.MinutesMin"?: number;
                /** @description Минут не больше */
                "Package.MinutesMax"?: number;
                /** @description Безлимитные минуты: true — только безлимитные; false или не задано — любые */
                "Package.MinutesUnlim"?: boolean;
                /** @description Интернет не меньше, ГБ */
                "Package.TrafficMin"?: number;
                /** @description Интернет не больше, ГБ */
                "Package.TrafficMax"?: number;
                /** @description Безлимитный интернет: true — только безлимитные; false или не задано — любые */
                "Package.TrafficUnlim"?: boolean;
                /** @description Расширение: SMS не меньше */
                "Package.SmsMin"?: number;
                /** @description Расширение: SMS не больше */
                "Package.SmsMax"?: number;
                /** @description Расширение: безлимитные SMS: true — только безлимитные; false или не задано — любые */
                "Package.SmsUnlim"?: boolean;
                /** @description Цена минуты не меньше, ₽ */
                "NonPackage.MinuteMinPrice"?: number;
                /** @description Цена минуты не больше, ₽ */
                "NonPackage.MinuteMaxPrice"?: number;
                /** @description Цена SMS не меньше, ₽ */
                "NonPackage.SmsMinPrice"?: number;
                /** @description Цена SMS не больше, ₽ */
                "NonPackage.SmsMaxPrice"?: number;
                /** @description Расширение: абонентская плата не меньше, ₽ */
                PriceMin?: number;
                /** @description Расширение: абонентская плата не больше, ₽ */
                PriceMax?: number;
                /** @description Часть названия, без учёта регистра */
                Name?: string;
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
                    "application/json": components["schemas"]["TariffPage"];
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
    getRegionTariffs: {
        parameters: {
            query: {
                /** @description Код региона (ФНС): 77 — Москва */
                RegionCode: number;
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
                    "application/json": components["schemas"]["TariffRegion"];
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
    getTariffFiltersV12: {
        parameters: {
            query: {
                /** @description Код региона (ФНС): 77 — Москва */
                RegionCode: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Границы фильтров и операторы региона */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TariffFilters"];
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
    getTariffFiltersV2: {
        parameters: {
            query: {
                /** @description Адрес региона: moskva */
                RegionSlug: string;
                /** @description Package — пакет с абонентской платой, NonPackage — оплата за использование */
                QueryType?: "Package" | "NonPackage";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Границы фильтров и операторы региона */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TariffFilters"];
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
    getTariffV11: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Тариф со всеми регионами продаж */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TariffDetail"];
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
    getTariffV2: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Тариф со всеми регионами продаж */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TariffDetail"];
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
    getTariffByName: {
        parameters: {
            query: {
                /** @description Название тарифа (точно, без учёта регистра) */
                Name: string;
                OperatorId: number;
                /** @description Код региона (ФНС): 77 — Москва */
                RegionCode: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Тариф в регионе */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tariff"];
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
    uploadStaffCatalogue: {
        parameters: {
            query?: {
                /** @description Файл — весь каталог: чего нет в файле, уйдёт в архив */
                replace?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** Format: binary */
                    File: Blob;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffCatalogueUpload"];
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
            /** @description Описание ошибки (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Описание ошибки (RFC 9457) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getStaffCatalogueUpload: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
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
                    "application/json": components["schemas"]["StaffCatalogueUpload"];
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
    applyStaffCatalogueUpload: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
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
                    "application/json": components["schemas"]["StaffCatalogueUpload"];
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
            /** @description Описание ошибки (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Описание ошибки (RFC 9457) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    cancelStaffCatalogueUpload: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
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
                    "application/json": components["schemas"]["StaffCatalogueUpload"];
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
            /** @description Описание ошибки (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Описание ошибки (RFC 9457) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    exportStaffCatalogue: {
        parameters: {
            query?: {
                format?: "json" | "csv";
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
                    "text/csv": Blob;
                    "application/json": Blob;
                };
            };
            /** @description Описание ошибки (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": components["schemas"]["Problem"];
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Описание ошибки (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": components["schemas"]["Problem"];
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    esiaLogin: {
        parameters: {
            query?: {
                /** @description Куда вернуться: путь на этом сайте */
                returnUrl?: string;
                /** @description Страница, с которой ушли на вход (путь на этом сайте; по умолчанию returnUrl): сюда ведёт кнопка «Назад» со страницы после входа */
                from?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Переход по адресу из заголовка Location */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
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
            /** @description Описание ошибки (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    esiaCallback: {
        parameters: {
            query?: {
                code?: string;
                state?: string;
                error?: string;
                error_description?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Переход по адресу из заголовка Location */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
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
            /** @description Описание ошибки (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getUserInfo: {
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
                    "application/json": components["schemas"]["AuthInfo"];
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
    refreshToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /**
                     * @description Только refresh_token; сам токен берётся из cookie
                     * @enum {string}
                     */
                    grant_type: "refresh_token";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthInfo"];
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
            /** @description Описание ошибки (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Описание ошибки (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getPersonalInfo: {
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
                    "application/json": components["schemas"]["PersonalInfo"];
                };
            };
            /** @description Описание ошибки (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    esiaLogout: {
        parameters: {
            query?: {
                /** @description Куда вернуться: путь на этом сайте */
                returnUrl?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Страница подтверждения выхода (переход с другого сайта) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Переход по адресу из заголовка Location */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
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
    getAccountInfo: {
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
                    "application/json": components["schemas"]["AccountInfo"];
                };
            };
            /** @description Описание ошибки (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getAccountOrders: {
        parameters: {
            query: {
                /**
                 * @description Номер телефона: 11 цифр, начиная с 7
                 * @example 79161234567
                 */
                Msisdn: string;
                /** @description Сколько строк пропустить */
                Skip?: number;
                /** @description Сколько строк вернуть */
                Take?: number;
                /** @description Поле сортировки */
                SortBy?: "lastUpdate" | "created";
                /** @description По убыванию */
                SortDesc?: boolean;
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
                    "application/json": components["schemas"]["AccountOrders"];
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
            /** @description Описание ошибки (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
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
    getAccountPortations: {
        parameters: {
            query: {
                /**
                 * @description Номер телефона: 11 цифр, начиная с 7
                 * @example 79161234567
                 */
                Msisdn: string;
                /** @description Сколько строк пропустить */
                Skip?: number;
                /** @description Сколько строк вернуть */
                Take?: number;
                /** @description Поле сортировки */
                SortBy?: "transfered" | "started" | "lastUpdate";
                /** @description По убыванию */
                SortDesc?: boolean;
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
                    "application/json": components["schemas"]["AccountPortations"];
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
            /** @description Описание ошибки (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
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
    getAccountPortationInfo: {
        parameters: {
            query: {
                /**
                 * @description Номер телефона: 11 цифр, начиная с 7
                 * @example 79161234567
                 */
                Msisdn: string;
                PortationId: number;
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
                    "application/json": components["schemas"]["AccountPortationInfo"];
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
            /** @description Описание ошибки (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
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
    getAccountWatch: {
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
                    "application/json": components["schemas"]["WatchSwitch"][];
                };
            };
            /** @description Описание ошибки (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    setAccountWatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Номер телефона: 11 цифр, начиная с 7
                 * @example 79161234567
                 */
                msisdn: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    enabled: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WatchSwitch"];
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
            /** @description Описание ошибки (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
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
    sendAccountWatchCode: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Номер телефона: 11 цифр, начиная с 7
                 * @example 79161234567
                 */
                msisdn: string;
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
                    "application/json": components["schemas"]["WatchCodeSent"];
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
            /** @description Описание ошибки (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
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
            /** @description Описание ошибки (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Описание ошибки (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    confirmAccountWatchCode: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Номер телефона: 11 цифр, начиная с 7
                 * @example 79161234567
                 */
                msisdn: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Код из SMS: 6 цифр */
                    code: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WatchSwitch"];
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
            /** @description Описание ошибки (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
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
    getAccountAlerts: {
        parameters: {
            query?: {
                /** @description Сколько строк пропустить */
                Skip?: number;
                /** @description Сколько строк вернуть */
                Take?: number;
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
                    "application/json": components["schemas"]["WatchAlerts"];
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
            /** @description Описание ошибки (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    confirmAccountAlert: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
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
                    "application/json": components["schemas"]["WatchAlert"];
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
            /** @description Описание ошибки (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
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
    refuseAccountAlert: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
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
                    "application/json": components["schemas"]["WatchAlert"];
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
            /** @description Описание ошибки (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
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
    getNewsList: {
        parameters: {
            query: {
                /** @description Номер страницы, с 1 */
                Page: number;
                /** @description Новостей на странице */
                PageSize: number;
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
                    "application/json": components["schemas"]["NewsPage"];
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
    getNewsStory: {
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
                    "application/json": components["schemas"]["NewsStory"];
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
    getNewsImage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
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
                    "image/png": Blob;
                    "image/jpeg": Blob;
                    "image/webp": Blob;
                };
            };
            /** @description Описание ошибки (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/png": components["schemas"]["Problem"];
                    "image/jpeg": components["schemas"]["Problem"];
                    "image/webp": components["schemas"]["Problem"];
                };
            };
            /** @description Описание ошибки (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/png": components["schemas"]["Problem"];
                    "image/jpeg": components["schemas"]["Problem"];
                    "image/webp": components["schemas"]["Problem"];
                };
            };
        };
    };
    getStaffNewsList: {
        parameters: {
            query?: {
                Skip?: number;
                Take?: number;
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
                    "application/json": {
                        data: components["schemas"]["StaffStoryItem"][];
                        /** @description Сколько строк пропущено */
                        offset: number;
                        /** @description Сколько строк запрошено */
                        pageSize: number;
                        /** @description Всего строк */
                        totalRows: number;
                    };
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
    createStaffNewsStory: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Адрес новости: латинские строчные буквы, цифры и дефисы (kak-vybrat-datu). Пустой — адрес составляется из заголовка транслитерацией («Сайт научился» → sayt-nauchilsya), с -2, -3…, если такой уже есть */
                    slug: string;
                    /** @description Заголовок */
                    title: string;
                    /** @description Короткое описание для списка */
                    summary: string;
                    /** @description Текст в Markdown */
                    markdown: string;
                    /** @description Загруженная картинка */
                    imageId?: string | null;
                    /** @description Описание картинки */
                    imageAlt?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffStory"];
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
    getStaffNewsStory: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
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
                    "application/json": components["schemas"]["StaffStory"];
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
    saveStaffNewsStory: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Адрес новости: латинские строчные буквы, цифры и дефисы (kak-vybrat-datu). Пустой — адрес составляется из заголовка транслитерацией («Сайт научился» → sayt-nauchilsya), с -2, -3…, если такой уже есть */
                    slug: string;
                    /** @description Заголовок */
                    title: string;
                    /** @description Короткое описание для списка */
                    summary: string;
                    /** @description Текст в Markdown */
                    markdown: string;
                    /** @description Загруженная картинка */
                    imageId?: string | null;
                    /** @description Описание картинки */
                    imageAlt?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffStory"];
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
    publishStaffNewsStory: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: date-time
                     * @description Когда опубликовать; без него — сейчас
                     */
                    at?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffStory"];
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
            /** @description Описание ошибки (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Описание ошибки (RFC 9457) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    unpublishStaffNewsStory: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
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
                    "application/json": components["schemas"]["StaffStory"];
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
    previewStaffNewsStory: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    markdown: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        html: string;
                    };
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
    uploadStaffNewsImage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** Format: binary */
                    File: Blob;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        url: string;
                    };
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
            /** @description Описание ошибки (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Описание ошибки (RFC 9457) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getFeedbackChallenge: {
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
                    "application/json": components["schemas"]["CaptchaChallenge"];
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
    sendFeedback: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Как к вам обращаться */
                    name: string;
                    /**
                     * Format: email
                     * @description Куда ответить
                     */
                    email: string;
                    /** @description Тема обращения */
                    topic: "Перенос номера" | "Проверка номера" | "Тарифы" | "Личный кабинет" | "Другое";
                    /** @description Текст обращения */
                    message: string;
                    /** @description Решение капчи ALTCHA (из виджета) */
                    altcha: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FeedbackSent"];
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
            /** @description Описание ошибки (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getStaffFeedbackList: {
        parameters: {
            query?: {
                /** @description new — новое, read — прочитано, handled — обработано */
                status?: "new" | "read" | "handled";
                Skip?: number;
                Take?: number;
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
                    "application/json": {
                        data: components["schemas"]["StaffFeedbackMessage"][];
                        /** @description Сколько строк пропущено */
                        offset: number;
                        /** @description Сколько строк запрошено */
                        pageSize: number;
                        /** @description Всего строк */
                        totalRows: number;
                        counts: {
                            new: number;
                            read: number;
                            handled: number;
                        };
                    };
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
    getStaffFeedbackThread: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
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
                    "application/json": components["schemas"]["StaffFeedbackThread"];
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
    setStaffFeedbackStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description new — новое, read — прочитано, handled — обработано */
                    status: "new" | "read" | "handled";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffFeedbackThread"];
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
    replyStaffFeedback: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Тема; без неё — «Ответ на обращение № …» */
                    subject?: string;
                    /** @description Текст ответа */
                    text: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffFeedbackThread"];
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
            /** @description Описание ошибки (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Описание ошибки (RFC 9457) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getCoverageMap: {
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
                    "application/json": components["schemas"]["CoverageMap"];
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
    getCoverageGeoJson: {
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
                    "application/json": components["schemas"]["GeoJsonFeatureCollection"];
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
}
