"""Request and answer shapes (marshmallow): validation only, never the database or crypto.

One module per section; `from schemas import UserSchema` imports any of them.
"""
from schemas.account import (  # noqa: F401
    ChangePasswordSchema,
    DeleteAccountSchema,
    ForgotPasswordSchema,
    JsonBoolean,
    ProfileSchema,
    ResetPasswordSchema,
    SessionInfoSchema,
    SessionListSchema,
    UserResultSchema,
)
from schemas.articles import (  # noqa: F401,E402
    ArticleChangeSchema,
    ArticleCreateSchema,
    ArticleSchema,
)
from schemas.auth import (  # noqa: F401
    AuthResultSchema,
    CodeSchema,
    EmailSchema,
    MagicLinkSchema,
    MagicLinkVerifySchema,
    NewPasskeySchema,
    OAuthCallbackSchema,
    OAuthStartSchema,
    OAuthTokenSchema,
    PasskeyCeremonySchema,
    PasskeyCreatedSchema,
    PasskeyListSchema,
    PasskeyName,
    PasskeyOptionsSchema,
    PasskeyRegisterSchema,
    PasskeyRegisterStepSchema,
    PasskeySchema,
    PasskeySignInSchema,
    PasskeySignInStepSchema,
    SessionSchema,
    SignInSchema,
    SignUpSchema,
    TokenSchema,
    TwoFactorEnabledSchema,
    TwoFactorSetupSchema,
    UserSchema,
    VerifiedUserSchema,
)
from schemas.common import (  # noqa: F401
    MAX_EMAIL,
    UNSTORABLE,
    AuthErrorSchema,
    Email,
    ErrorSchema,
    HealthSchema,
    MessageSchema,
    RequestSchema,
    SuccessSchema,
    UTCDateTime,
    must_be_storable,
    storable,
    utc_iso,
)
from schemas.festivals import (  # noqa: F401,E402
    FestivalChangeSchema,
    FestivalCreateSchema,
    FestivalSchema,
    OffsetDateTime,
)
from schemas.payments import (  # noqa: F401
    MAX_AMOUNT,
    MAX_UNIX_TIME,
    Amount,
    ChargeSchema,
    Currency,
    PaymentEventDataSchema,
    PaymentEventSchema,
    PaymentIntentSchema,
    ProviderSchema,
    ProviderString,
    ReceivedSchema,
    SubscriptionItemSchema,
    SubscriptionItemsSchema,
    SubscriptionSchema,
    UnixTime,
)
from schemas.reviews import (  # noqa: F401,E402
    ModerationSchema,
    ReviewChangeSchema,
    ReviewCreateSchema,
    ReviewSchema,
)
