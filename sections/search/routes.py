"""Search (extensions.md E3.1): one list of hits over what the caller may see."""
from core import listing, search
from core import policy as policies
from core.access import login_optional
from core.blueprint import ApiBlueprint
from sections.search.schemas import HitSchema, SearchArgs

blp = ApiBlueprint("search", __name__, url_prefix="/api/search",
                   description="Full-text search over articles, festivals and tickets")


@blp.get("")
@blp.doc(operationId="search")
@blp.response(200, listing.page_schema(HitSchema))
@blp.errors((400, "VALIDATION_ERROR: q is not 1-200 characters with a letter "
                               "or digit"))
@login_optional
@blp.arguments(SearchArgs, location="query")
def search_content(args):
    """Search the articles, festivals and tickets the caller may see."""
    who = policies.caller()
    kinds = [args["type"]] if "type" in args else list(search.SOURCES)
    page = search.page(who, args["q"], kinds, args)
    return page.answer(search.answers(who, page.items, args["q"]))
