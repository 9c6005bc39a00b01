import { Type } from 'typebox';

export const AuthInfoSchema = Type.Object(
  {
    isLogged: Type.Boolean({ description: 'Выполнен ли вход' }),
    expireAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'Когда истекает токен доступа; за минуту до этого приложение его обновляет',
    }),
    userName: Type.Union([Type.String(), Type.Null()], { description: 'Имя для шапки сайта' }),
    isStaff: Type.Boolean({
      description: 'У вошедшего есть роль сотрудника: меню сайта ведёт в служебный раздел /staff',
    }),
  },
  { $id: 'AuthInfo' },
);

export const PersonalInfoSchema = Type.Object(
  {
    fullName: Type.String(),
    lastName: Type.String(),
    firstName: Type.String(),
    middleName: Type.String(),
    birthDate: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
    passport: Type.Union([Type.String({ description: 'Серия и две последние цифры номера' }), Type.Null()]),
    mobiles: Type.Array(Type.String({ description: '11 цифр' }), { description: 'Подтверждённые мобильные номера' }),
    email: Type.Union([Type.String(), Type.Null()]),
    isEmailVerified: Type.Boolean(),
  },
  { $id: 'PersonalInfo' },
);

export const ReturnUrlQuery = Type.Object({
  returnUrl: Type.Optional(Type.String({ maxLength: 2000, description: 'Куда вернуться: путь на этом сайте' })),
});

export const LoginQuery = Type.Object({
  ...ReturnUrlQuery.properties,
  from: Type.Optional(
    Type.String({
      maxLength: 2000,
      description:
        'Страница, с которой ушли на вход (путь на этом сайте; по умолчанию returnUrl): сюда ведёт кнопка «Назад» со страницы после входа',
    }),
  ),
});

export const CallbackQuery = Type.Object({
  code: Type.Optional(Type.String({ maxLength: 4000 })),
  state: Type.Optional(Type.String({ maxLength: 100 })),
  error: Type.Optional(Type.String({ maxLength: 200 })),
  error_description: Type.Optional(Type.String({ maxLength: 1000 })),
});

export const TokenForm = Type.Object({
  grant_type: Type.Literal('refresh_token', { description: 'Только refresh_token; сам токен берётся из cookie' }),
});

export const RedirectResponse = Type.Null({ description: 'Переход по адресу из заголовка Location' });
